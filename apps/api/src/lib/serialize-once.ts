import { serializerCompiler } from 'fastify-type-provider-zod';

type RouteSchema = Parameters<typeof serializerCompiler>[0];

/**
 * A route's `serializerCompiler` for answers of the form `{ data }` whose `data` is an object a
 * node's cache hands out again and again and never changes once made (the public settings, a
 * person's own account): each such object is checked against the response schema and written out
 * once, and its text is sent again while the cache holds it. The zod check and `JSON.stringify` of
 * a current account were an eighth of the CPU of `GET /users/me`.
 *
 * An answer with more than `data` in it, or a `data` that is not an object, is serialized as usual.
 */
export function serializeOncePerData(route: unknown): (payload: { data?: unknown }) => string {
  // Fastify calls this with each status code's own response schema, which its types do not say.
  const encode = serializerCompiler(route as RouteSchema);
  const texts = new WeakMap<object, string>();
  return (payload) => {
    const data = payload.data;
    if (typeof data !== 'object' || data === null || !hasDataOnly(payload)) return encode(payload);
    let text = texts.get(data);
    if (text === undefined) {
      text = encode(payload);
      texts.set(data, text);
    }
    return text;
  };
}

function hasDataOnly(payload: object): boolean {
  for (const key in payload) if (key !== 'data') return false;
  return true;
}
