import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { deferredLoader, PageScriptsRewriter } from './page-scripts';

const page = [
  '<!DOCTYPE html><html><head><meta charSet="utf-8"/>',
  '<link rel="stylesheet" href="/assets/root.css" data-precedence="default"/>',
  '<link rel="icon" href="/favicon.svg"/>',
  '<link rel="modulepreload" href="/assets/entry.client-A.js"/>',
  '<link rel="modulepreload" href="/assets/framework-B.js"/>',
  '</head><body><main>Crème brûlée — 5 < 6 ✓</main>',
  '<script>window.__reactRouterContext = {"a":1};</script>',
  '<script type="module" async="">;\nimport * as route0 from "/assets/root-C.js";\nimport("/assets/entry.client-A.js");</script>',
  '<script>window.__later = true;</script></body></html>',
].join('');

const rewriteWhole = (html: string) => {
  const r = new PageScriptsRewriter();
  return r.push(Buffer.from(html)) + r.end();
};

describe('page scripts wait for the first paint', () => {
  it('takes the modulepreload hints out of the head and adds them, then the module script, from a loader', () => {
    const out = rewriteWhole(page);
    expect(out).not.toContain('<link rel="modulepreload"');
    expect(out).not.toContain('<script type="module"');
    expect(out).toContain('<link rel="stylesheet" href="/assets/root.css" data-precedence="default"/>');
    expect(out).toContain('<main>Crème brûlée — 5 < 6 ✓</main>');
    expect(out).toContain('<script>window.__reactRouterContext = {"a":1};</script>');
    expect(out.endsWith('<script>window.__later = true;</script></body></html>')).toBe(true);
    const loader = deferredLoader(
      ['/assets/entry.client-A.js', '/assets/framework-B.js'],
      ';\nimport * as route0 from "/assets/root-C.js";\nimport("/assets/entry.client-A.js");',
    );
    expect(out).toContain(loader);
  });

  it('gives the same page however the stream is cut (tags, the module script and characters split)', () => {
    const whole = rewriteWhole(page);
    const bytes = Buffer.from(page);
    for (let at = 1; at < bytes.length; at += 1) {
      const r = new PageScriptsRewriter();
      const out = r.push(bytes.subarray(0, at)) + r.push(bytes.subarray(at)) + r.end();
      expect(out, `cut at byte ${at}`).toBe(whole);
    }
    // Many small pieces, as React flushes them.
    const r = new PageScriptsRewriter();
    let out = '';
    for (let at = 0; at < bytes.length; at += 7) out += r.push(bytes.subarray(at, at + 7));
    expect(out + r.end()).toBe(whole);
  });

  it('passes a page without React Router’s module script unchanged', () => {
    const plain = '<html><head><title>x</title></head><body><p>a < b</p><script>1</script></body></html>';
    expect(rewriteWhole(plain)).toBe(plain);
  });

  it('runs in a browser-like page: hints first, then the module script with the same code', () => {
    const code = 'import("/x.js"); const s = "</script><!--\u2028";';
    const loader = deferredLoader(['/a.js', '/b.js'], code);
    expect(loader.indexOf('</script>')).toBe(loader.length - '</script>'.length);
    expect(loader).not.toContain('<!--');
    const added: { tag: string; rel?: string; href?: string; type?: string; textContent?: string }[] = [];
    const element = (tag: string) => ({ tag }) as (typeof added)[number];
    const append = (e: (typeof added)[number]) => added.push(e);
    let frame: (() => void) | null = null;
    const timers: (() => void)[] = [];
    runInNewContext(loader.slice('<script>'.length, -'</script>'.length), {
      document: {
        visibilityState: 'visible',
        createElement: element,
        head: { appendChild: append },
        body: { appendChild: append },
      },
      requestAnimationFrame: (f: () => void) => {
        frame = f;
      },
      setTimeout: (f: () => void) => timers.push(f),
    });
    expect(added).toEqual([]);
    (frame as unknown as () => void)();
    expect(added).toEqual([]);
    timers.shift()?.();
    expect(added.map((e) => [e.tag, e.rel ?? e.type, e.href ?? e.textContent])).toEqual([
      ['link', 'modulepreload', '/a.js'],
      ['link', 'modulepreload', '/b.js'],
      ['script', 'module', code],
    ]);
  });

  it('does not wait for a frame in a tab that is not shown', () => {
    const added: string[] = [];
    const timers: (() => void)[] = [];
    runInNewContext(deferredLoader([], 'x').slice('<script>'.length, -'</script>'.length), {
      document: {
        visibilityState: 'hidden',
        createElement: (tag: string) => ({ tag }),
        head: { appendChild: () => added.push('link') },
        body: { appendChild: () => added.push('script') },
      },
      requestAnimationFrame: () => {
        throw new Error('no frames in a hidden tab');
      },
      setTimeout: (f: () => void) => timers.push(f),
    });
    timers.shift()?.();
    expect(added).toEqual(['script']);
  });
});
