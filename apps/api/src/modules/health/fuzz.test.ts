import { randomBytes, randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';

/*
 * Every operation of the published OpenAPI document gets a bounded set of bad requests (wrong
 * types, missing fields, U+0000 and unpaired surrogates, huge strings, deeply nested JSON, empty and
 * broken bodies, a cut multipart body), anonymously and as a fan, a creator and an admin. Not one
 * may answer 5xx or fail to answer within a few seconds.
 */

interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minimum?: number;
  exclusiveMinimum?: number | boolean;
  minLength?: number;
  minItems?: number;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
}
interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: Schema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Identity = 'anonymous' | 'fan' | 'creator' | 'admin';

interface Case {
  name: string;
  url: string;
  headers?: Record<string, string>;
  payload?: InjectOptions['payload'];
}

const requestTimeoutMs = 5_000;
const nul = 'fuzz\u0000text';
const surrogate = 'fuzz\ud800text';
const huge = 'x'.repeat(200_000);
const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

let t: TestApp;
const tokens: Partial<Record<Identity, string>> = {};

beforeAll(async () => {
  t = await createTestApp({ env: { LOGIN_RATE_LIMIT: '100000' } });
  tokens.fan = (await t.fan()).token;
  tokens.creator = (await t.creator()).token;
  tokens.admin = (await t.admin()).token;
});
afterAll(() => t.close());

/** The first schema of a union that is not `null`; allOf merged. */
function concrete(schema: Schema | undefined): Schema {
  if (!schema) return {};
  const union = schema.anyOf ?? schema.oneOf;
  if (union) return concrete(union.find((s) => s.type !== 'null') ?? union[0]);
  if (schema.allOf) {
    const merged: Schema = { type: 'object', properties: {}, required: [] };
    for (const part of schema.allOf.map(concrete)) {
      Object.assign(merged.properties ?? {}, part.properties);
      merged.required?.push(...(part.required ?? []));
    }
    return merged;
  }
  return schema;
}

const typeOf = (schema: Schema) => {
  const type = Array.isArray(schema.type) ? schema.type.find((x) => x !== 'null') : schema.type;
  return type ?? (schema.properties ? 'object' : schema.items ? 'array' : 'string');
};

/** A value the schema probably accepts, so that the one field we break is what the route sees. */
function sample(input: Schema | undefined, depth = 0): unknown {
  const schema = concrete(input);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  switch (typeOf(schema)) {
    case 'integer':
    case 'number': {
      const min = typeof schema.minimum === 'number' ? schema.minimum : 1;
      return schema.exclusiveMinimum !== undefined ? min + 1 : Math.max(min, 1);
    }
    case 'boolean':
      return false;
    case 'array':
      return depth > 3 || !schema.minItems ? [] : [sample(schema.items, depth + 1)];
    case 'object': {
      if (depth > 3) return {};
      const out: Record<string, unknown> = {};
      for (const [key, prop] of Object.entries(schema.properties ?? {})) out[key] = sample(prop, depth + 1);
      return out;
    }
    default:
      switch (schema.format) {
        case 'email':
          return `fuzz-${randomBytes(3).toString('hex')}@example.test`;
        case 'uuid':
          return randomUUID();
        case 'date-time':
          return '2026-06-01T12:00:00.000Z';
        case 'date':
          return '2000-01-01';
        case 'uri':
          return 'https://example.test/fuzz';
        default:
          return 'fuzz'.padEnd(schema.minLength ?? 4, 'z');
      }
  }
}

/** A value of another JSON type than the schema wants. */
function wrongType(input: Schema | undefined): unknown {
  switch (typeOf(concrete(input))) {
    case 'string':
      return 12345;
    case 'integer':
    case 'number':
      return 'not a number';
    case 'boolean':
      return 'maybe';
    case 'array':
      return { not: 'an array' };
    default:
      return ['not', 'an', 'object'];
  }
}

const pathValue = (param: Parameter) => {
  const schema = concrete(param.schema);
  if (schema.enum?.length) return String(schema.enum[0]);
  const type = typeOf(schema);
  return type === 'integer' || type === 'number' ? '1' : randomUUID();
};

/** URL-encodes like a client would; an unpaired surrogate goes as its (invalid) UTF-8 bytes. */
const encode = (text: string) =>
  text
    .split(/([\ud800-\udfff])/)
    .map((piece) =>
      /^[\ud800-\udfff]$/.test(piece)
        ? [
            ...Buffer.from([
              0xe0 | (piece.charCodeAt(0) >> 12),
              0x80 | ((piece.charCodeAt(0) >> 6) & 0x3f),
              0x80 | (piece.charCodeAt(0) & 0x3f),
            ]),
          ]
            .map((b) => `%${b.toString(16).toUpperCase()}`)
            .join('')
        : encodeURIComponent(piece),
    )
    .join('');

const fill = (path: string, values: Record<string, string>) =>
  path.replace(/\{([^}]+)\}/g, (_m, name: string) => encode(values[name] ?? randomUUID()));

const query = (entries: [string, string][]) =>
  entries.length ? `?${entries.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&')}` : '';

function truncatedMultipart(field: string) {
  const boundary = `----fuzz${randomBytes(6).toString('hex')}`;
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="cut.jpg"\r\nContent-Type: image/jpeg\r\n\r\n${'x'.repeat(40)}`,
  };
}

function multipartWithText(field: string, value: string, filename: string) {
  const boundary = `----fuzz${randomBytes(6).toString('hex')}`;
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"\r\n\r\n${value}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
        `Content-Type: image/jpeg\r\n\r\nnot really a jpeg\r\n--${boundary}--\r\n`,
    ),
  };
}

/** The bad requests for one operation: `core` for every identity, `fields` for the role that owns it. */
function casesOf(path: string, method: Method, op: Operation): { core: Case[]; fields: Case[] } {
  const params = op.parameters ?? [];
  const pathParams = params.filter((p) => p.in === 'path');
  const queryParams = params.filter((p) => p.in === 'query');
  const validPath = Object.fromEntries(pathParams.map((p) => [p.name, pathValue(p)]));
  const url = fill(path, validPath);
  const content = op.requestBody?.content ?? {};
  const jsonSchema = content['application/json']?.schema;
  const isMultipart =
    Boolean(content['multipart/form-data']) || (!jsonSchema && Object.keys(content).length > 0);
  const hasBody = method !== 'GET' && method !== 'DELETE';
  const json = (body: unknown, raw?: string): Partial<Case> => ({
    headers: { 'content-type': 'application/json' },
    payload: raw ?? JSON.stringify(body),
  });
  const validQuery = queryParams
    .filter((p) => p.required)
    .map((p): [string, string] => [p.name, String(sample(p.schema))]);
  const baseBody = hasBody ? sample(jsonSchema ?? { type: 'object' }) : undefined;

  const core: Case[] = [
    { name: 'valid-looking', url: url + query(validQuery), ...(hasBody ? json(baseBody) : {}) },
    { name: 'no query, empty body', url, ...(hasBody ? json({}) : {}) },
  ];
  for (const p of pathParams) {
    for (const [name, value] of [
      ['NUL', nul],
      ['surrogate', surrogate],
      ['not an id', '-1'],
      ['long', 'y'.repeat(280)],
    ] as const) {
      core.push({ name: `path ${p.name} ${name}`, url: fill(path, { ...validPath, [p.name]: value }) });
    }
  }
  if (hasBody) {
    core.push(
      { name: 'deeply nested JSON', url, ...json(null, nested(50_000)) },
      { name: 'broken JSON', url, ...json(null, '{"a":') },
      { name: 'JSON array body', url, ...json([1, 2]) },
      { name: 'JSON null body', url, ...json(null, 'null') },
      { name: 'text body', url, headers: { 'content-type': 'text/plain' }, payload: 'hello' },
      { name: 'huge body', url, ...json({ text: 'z'.repeat(1_200_000) }) },
    );
  }
  if (isMultipart) {
    core.push({ name: 'truncated multipart', url, ...truncatedMultipart('file') });
  }

  const fields: Case[] = [];
  for (const p of queryParams) {
    const others = validQuery.filter(([k]) => k !== p.name);
    for (const [name, value] of [
      ['NUL', nul],
      ['surrogate', surrogate],
      ['huge', huge.slice(0, 20_000)],
      ['wrong type', String(wrongType(p.schema))],
      ['negative', '-1'],
    ] as const) {
      fields.push({ name: `query ${p.name} ${name}`, url: url + query([...others, [p.name, value]]) });
    }
    fields.push({
      name: `query ${p.name} twice`,
      url: url + query([...others, [p.name, 'a'], [p.name, 'b']]),
    });
  }
  const properties = hasBody && jsonSchema ? Object.entries(concrete(jsonSchema).properties ?? {}) : [];
  for (const [key, prop] of properties) {
    const base = (baseBody ?? {}) as Record<string, unknown>;
    const { [key]: _dropped, ...without } = base;
    const type = typeOf(concrete(prop));
    const isNumber = type === 'number' || type === 'integer';
    const mutations: [string, unknown][] = [
      ['wrong type', wrongType(prop)],
      ['nested', JSON.parse(nested(40))],
      ...(isNumber
        ? [
            ['negative', -1],
            ['fraction', 0.5],
            ['too large', Number.MAX_SAFE_INTEGER + 2],
          ]
        : [
            ['NUL', nul],
            ['surrogate', surrogate],
            ['huge', huge],
          ]),
    ] as [string, unknown][];
    for (const [name, value] of mutations) {
      fields.push({ name: `body ${key} ${name}`, url, ...json({ ...base, [key]: value }) });
    }
    fields.push({ name: `body without ${key}`, url, ...json(without) });
  }
  if (isMultipart) {
    fields.push(
      { name: 'multipart NUL field', url, ...multipartWithText('title', nul, 'ok.jpg') },
      { name: 'multipart NUL file name', url, ...multipartWithText('title', 'ok', 'bad\u0000.jpg') },
    );
  }
  return { core, fields };
}

const ownerOf = (path: string): Identity =>
  path.startsWith('/api/admin') ? 'admin' : /\/api\/performer/.test(path) ? 'creator' : 'fan';

/** Operations that end a session or an account go last, so they do not hide the rest. */
const isSessionEnding = (path: string) => /logout|password|delete|deactivate|email\/change/i.test(path);

interface Problem {
  identity: Identity;
  method: Method;
  case: string;
  url: string;
  status: number | 'hang';
  body: string;
}

async function send(
  identity: Identity,
  method: Method,
  c: Case,
): Promise<{ status: number | 'hang'; body: string }> {
  const token = identity === 'anonymous' ? undefined : tokens[identity];
  let timer: NodeJS.Timeout | undefined;
  const answer = t.request({
    method,
    url: c.url,
    token,
    headers: { 'x-requested-with': 'fuzz', 'idempotency-key': randomUUID(), ...c.headers },
    payload: c.payload,
  });
  const hang = new Promise<'hang'>((resolve) => {
    timer = setTimeout(() => resolve('hang'), requestTimeoutMs);
  });
  const res = await Promise.race([answer, hang]);
  clearTimeout(timer);
  if (res === 'hang') return { status: 'hang', body: '' };
  return { status: res.statusCode, body: res.body.slice(0, 300) };
}

describe('the API under bad input', () => {
  it('answers every operation, anonymous and logged in, without a 5xx or a hang', async () => {
    const spec = t.app.swagger() as { paths: Record<string, Partial<Record<Lowercase<Method>, Operation>>> };
    const operations = Object.entries(spec.paths)
      .flatMap(([path, ops]) =>
        (Object.entries(ops) as [Lowercase<Method>, Operation][])
          .filter(([m]) => ['get', 'post', 'put', 'patch', 'delete'].includes(m))
          .map(([m, op]) => ({ path, method: m.toUpperCase() as Method, op })),
      )
      .sort((a, b) => Number(isSessionEnding(a.path)) - Number(isSessionEnding(b.path)));
    expect(operations.length).toBeGreaterThan(100);

    const problems: Problem[] = [];
    let requests = 0;
    const identities: Identity[] = ['anonymous', 'fan', 'creator', 'admin'];
    for (const { path, method, op } of operations) {
      const { core, fields } = casesOf(path, method, op);
      const plan: [Identity, Case][] = [
        ...identities.flatMap((who) => core.map((c): [Identity, Case] => [who, c])),
        ...fields.map((c): [Identity, Case] => [ownerOf(path), c]),
      ];
      for (const [identity, c] of plan) {
        requests += 1;
        const { status, body } = await send(identity, method, c);
        if (status === 'hang' || status >= 500) {
          problems.push({ identity, method, case: c.name, url: c.url.slice(0, 120), status, body });
        }
      }
    }
    const hangs = problems.filter((p) => p.status === 'hang').length;
    console.log(
      `fuzz: ${requests} requests over ${operations.length} operations, ${problems.length - hangs} server errors, ${hangs} hangs`,
    );
    expect(problems).toEqual([]);
  }, 600_000);
});
