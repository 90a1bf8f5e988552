import { StringDecoder } from 'node:string_decoder';

/**
 * A page's scripts wait for its first paint.
 *
 * React Router writes a `<link rel="modulepreload">` in the head for every script the page runs (React
 * hoists them there) and, at the end of the body, the module script that imports them and hydrates the
 * page. A browser then fetches ~150 KB of scripts while it still waits for the stylesheets, and on a
 * phone's connection they share its bandwidth: the first paint came after every script had arrived and
 * run (Lighthouse's simulated mobile first paint: 2.6 s on the login page). The page is already drawn on
 * the server, and what it does before its scripts run is safe (links work, forms post, lazily loaded
 * controls appear after hydration), so this rewrites the page as it streams out:
 *   - the modulepreload hints leave the head;
 *   - React Router's module script becomes a small script that, once the page has painted (the frame after
 *     it; at once in a tab that is not shown), adds the same hints and then the same module script.
 * Nothing else of the page changes; a page without that module script passes unchanged.
 */
const preloadTag = /<link rel="modulepreload" href="([^"<>]+)"\/>/g;
const moduleOpen = '<script type="module" async="">';

/** `value` as a JavaScript literal that cannot close the script element it is written in. */
const scriptLiteral = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

export function deferredLoader(hrefs: string[], code: string): string {
  return (
    '<script>(function(){' +
    `var hrefs=${scriptLiteral(hrefs)},code=${scriptLiteral(code)};` +
    'function run(){hrefs.forEach(function(h){var l=document.createElement("link");l.rel="modulepreload";l.href=h;document.head.appendChild(l)});' +
    'var s=document.createElement("script");s.type="module";s.textContent=code;document.body.appendChild(s)}' +
    'if(document.visibilityState==="hidden")setTimeout(run);else requestAnimationFrame(function(){setTimeout(run)})' +
    '})()</script>'
  );
}

export class PageScriptsRewriter {
  private readonly decoder = new StringDecoder('utf8');
  private pending = '';
  private readonly hrefs: string[] = [];
  private done = false;

  /** The text of `chunk` that can be sent now (a tag cut between chunks waits for the rest). */
  push(chunk: Uint8Array | string): string {
    const text = this.pending + (typeof chunk === 'string' ? chunk : this.decoder.write(chunk));
    if (this.done) {
      this.pending = '';
      return text;
    }
    let cut = text.length;
    const open = text.indexOf(moduleOpen);
    if (open >= 0 && text.indexOf('</script>', open) < 0) cut = open;
    else {
      const lastTag = text.lastIndexOf('<');
      if (lastTag >= 0 && text.indexOf('>', lastTag) < 0) cut = lastTag;
    }
    this.pending = text.slice(cut);
    return this.rewrite(text.slice(0, cut));
  }

  /** Whatever is still held back, at the end of the page. */
  end(): string {
    const rest = this.pending + this.decoder.end();
    this.pending = '';
    return this.done ? rest : this.rewrite(rest);
  }

  private rewrite(text: string): string {
    const withoutHints = text.replace(preloadTag, (_tag, href: string) => {
      this.hrefs.push(href);
      return '';
    });
    const open = withoutHints.indexOf(moduleOpen);
    if (open < 0) return withoutHints;
    const close = withoutHints.indexOf('</script>', open);
    if (close < 0) return withoutHints;
    this.done = true;
    const code = withoutHints.slice(open + moduleOpen.length, close);
    return (
      withoutHints.slice(0, open) +
      deferredLoader(this.hrefs, code) +
      withoutHints.slice(close + '</script>'.length)
    );
  }
}
