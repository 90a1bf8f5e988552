/*
 * PostgreSQL `text` cannot hold U+0000, and a lone UTF-16 surrogate is not a character at all (it
 * reaches the database as U+FFFD, silently changing what the person sent). Both are refused before
 * any route runs, so no handler has to think about them.
 */

/** How deep a request body may nest; deeper bodies are refused before anything walks them. */
export const maxInputDepth = 32;

export interface TextProblem {
  path: string;
  message: string;
}

const nulMessage = 'Text cannot contain the character U+0000.';
const surrogateMessage = 'Text cannot contain an unpaired surrogate (it is not a valid character).';
const depthMessage = `The request is nested too deeply (at most ${maxInputDepth} levels).`;

const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Why this string cannot be stored, or null when it can. */
export function problemOfText(text: string): string | null {
  if (text.includes('\u0000')) return nulMessage;
  if (loneSurrogate.test(text)) return surrogateMessage;
  return null;
}

/** Buffers (a raw webhook body) and dates hold no text of the person's to check. */
const isOpaque = (value: object) => ArrayBuffer.isView(value) || value instanceof Date;

const join = (path: string, key: string | number) => (path ? `${path}.${key}` : String(key));

/**
 * The first string (or object key) in a parsed input that cannot be stored, with its field path,
 * walking objects and arrays (not a Buffer body) to a bounded depth.
 */
export function findTextProblem(value: unknown, path = '', depth = 0): TextProblem | null {
  if (typeof value === 'string') {
    const message = problemOfText(value);
    return message ? { path: path || 'request', message } : null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const isArray = Array.isArray(value);
  if (isOpaque(value)) return null;
  if (depth >= maxInputDepth) return { path: path || 'request', message: depthMessage };
  if (isArray) {
    for (let i = 0; i < value.length; i++) {
      const found = findTextProblem(value[i], join(path, i), depth + 1);
      if (found) return found;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    const keyMessage = problemOfText(key);
    if (keyMessage) return { path: path || 'request', message: keyMessage };
    const found = findTextProblem(item, join(path, key), depth + 1);
    if (found) return found;
  }
  return null;
}
