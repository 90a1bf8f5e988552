import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Plugin } from 'vite';

const id = 'virtual:all-module-styles';
const resolved = `\0${id}`;

/**
 * `import 'virtual:all-module-styles'` imports every CSS module of the app for its styles (root.tsx):
 * they all go into the one stylesheet every page loads. Their class names stay where each component
 * imports them.
 */
export function allModuleStyles(appDir: string): Plugin {
  const find = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? find(join(dir, e.name)) : e.name.endsWith('.module.css') ? [join(dir, e.name)] : [],
    );
  return {
    name: 'fanstage-all-module-styles',
    enforce: 'post',
    resolveId: (source) => (source === id ? resolved : null),
    // The styles of a CSS module are kept only while something reads its class names; these imports
    // read none, so they say the module matters for its styles alone.
    transform(code, module) {
      if (!/\.module\.css($|\?)/.test(module)) return null;
      return { code, moduleSideEffects: 'no-treeshake' };
    },
    load(loaded) {
      if (loaded !== resolved) return null;
      return find(appDir)
        .sort()
        .map(
          (file) => `import ${JSON.stringify(`/${relative(join(appDir, '..'), file).replace(/\\/g, '/')}`)};`,
        )
        .join('\n');
    },
  };
}
