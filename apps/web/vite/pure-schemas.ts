import type { Plugin } from 'vite';

const contractSource = /[\\/]packages[\\/]contract[\\/]src[\\/][^\\/]+\.ts$/;

interface Node {
  type: string;
  start: number;
  end: number;
  declaration?: Node | null;
  declarations?: { init?: Node | null }[];
  kind?: string;
}

/**
 * The browser build keeps only the contract's schemas a page uses. The contract builds its zod schemas at
 * the top of its modules (`export const ZPost = z.object({ ... })`); to a bundler each of those calls may
 * have side effects, so a page that imports one plain constant from a module (a list of genders, say)
 * kept every schema of that module and zod with them (~21 KB of every page). This marks each top-level
 * `const` initialised by a call as pure, so the bundler drops it when nothing reads it. Safe for the
 * contract: building a schema only builds an object (the server, which registers schemas for its API
 * documentation, is not built with this).
 */
export function pureSchemas(): Plugin {
  return {
    name: 'fanstage-pure-schemas',
    enforce: 'post',
    transform(code, id) {
      if (!contractSource.test(id)) return null;
      const program = this.parse(code) as unknown as { body: Node[] };
      const edits: { at: number; text: string }[] = [];
      for (const statement of program.body) {
        const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
        if (declaration?.type !== 'VariableDeclaration' || declaration.kind !== 'const') continue;
        for (const { init } of declaration.declarations ?? []) {
          if (init?.type !== 'CallExpression') continue;
          // An IIFE marked pure: the annotation then covers the whole chain (`z.string().max(3)`).
          edits.push({ at: init.start, text: '/* @__PURE__ */ (() => ' }, { at: init.end, text: ')()' });
        }
      }
      if (edits.length === 0) return null;
      let out = '';
      let from = 0;
      for (const edit of edits.sort((a, b) => a.at - b.at)) {
        out += code.slice(from, edit.at) + edit.text;
        from = edit.at;
      }
      return { code: out + code.slice(from), map: null };
    },
  };
}
