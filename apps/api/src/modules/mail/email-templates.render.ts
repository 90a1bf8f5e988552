import { placeholdersIn } from '@fanstage/contract';
import { isLinkPlaceholder } from './email-templates.defaults';

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const placeholderPattern = /\{\{\s*([^{}]*?)\s*\}\}/g;
const urlPattern = /\bhttps?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)]/g;

/** The template's text with each placeholder replaced once (a value is never read as a template). */
function fill(
  template: string,
  value: (name: string, raw: string) => string,
  literal: (s: string) => string,
) {
  let out = '';
  let last = 0;
  for (const match of template.matchAll(placeholderPattern)) {
    out += literal(template.slice(last, match.index));
    out += value(match[1] ?? '', match[0]);
    last = match.index + match[0].length;
  }
  return out + literal(template.slice(last));
}

const anchor = (url: string) => `<a href="${url}" style="color: #228be6">${url}</a>`;
const linkify = (escaped: string) => escaped.replace(urlPattern, (url) => anchor(url));

/**
 * A template filled with values: the subject on one line, the text as written, and an HTML part
 * made from the text where every value is escaped, link values (and addresses the admin typed)
 * become links, blank lines make paragraphs. A placeholder without a value stays as written.
 */
export function renderEmail(
  template: { subject: string; body: string },
  values: Record<string, string>,
): RenderedEmail {
  const raw = (name: string, whole: string) => values[name] ?? whole;
  const subject = fill(template.subject, raw, (s) => s)
    .replace(/\s*[\r\n]+\s*/g, ' ')
    .trim();
  const text = fill(template.body, raw, (s) => s);
  const htmlBody = fill(
    template.body,
    (name, whole) => {
      const value = values[name];
      if (value === undefined) return escapeHtml(whole);
      return isLinkPlaceholder(name) && /^https?:\/\//.test(value)
        ? anchor(escapeHtml(value))
        : escapeHtml(value);
    },
    (s) => linkify(escapeHtml(s)),
  );
  const paragraphs = htmlBody
    .split(/\r?\n\s*\r?\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${p.replace(/\r?\n/g, '<br>')}</p>`)
    .join('\n');
  const html = `<!doctype html>
<html><body style="font-family: system-ui, sans-serif; line-height: 1.5; color: #1a1b1e">
${paragraphs}
</body></html>`;
  return { subject, text, html };
}

/** The placeholders of `text` that are not in `known`. */
export const unknownPlaceholders = (text: string, known: string[]) =>
  placeholdersIn(text).filter((name) => !known.includes(name));
