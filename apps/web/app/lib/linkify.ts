/** A piece of plain text, or a web address found in it; `at` is where it starts in the text. */
export type TextPart =
  | { kind: 'text'; text: string; at: number }
  | { kind: 'link'; href: string; at: number };

const urlPattern = /https?:\/\/[^\s<>"')\]]+/g;
const trailingPunctuation = /[.,;:!?]+$/;

/** Splits text into plain pieces and http(s) links, so links can be rendered clickable without HTML. */
export function splitLinks(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(urlPattern)) {
    const start = match.index ?? 0;
    const href = match[0].replace(trailingPunctuation, '');
    if (start > last) parts.push({ kind: 'text', text: text.slice(last, start), at: last });
    parts.push({ kind: 'link', href, at: start });
    last = start + href.length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last), at: last });
  return parts;
}
