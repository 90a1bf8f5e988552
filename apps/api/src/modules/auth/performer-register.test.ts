import { files, performerProfiles, sql, users } from '@fanstage/db';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';

let t: TestApp;
let idImage: Buffer;
beforeAll(async () => {
  t = await createTestApp({ env: { LOGIN_RATE_LIMIT: '1000', SIGNUP_RATE_LIMIT: '1000' } });
  idImage = await sharp({ create: { width: 800, height: 500, channels: 3, background: '#336699' } })
    .jpeg()
    .withMetadata()
    .toBuffer();
});
afterAll(() => t.close());

const fields = (overrides: Record<string, string> = {}) => ({
  name: 'Luna Rivers',
  username: 'luna.rivers',
  email: 'luna@example.test',
  password: 'password123',
  dateOfBirth: '1994-03-02',
  country: 'DE',
  ...overrides,
});

const signup = (values: Record<string, string>, docs: { field: string; bytes: Buffer; name: string }[]) => {
  const fd = new FormData();
  for (const [k, v] of Object.entries(values)) fd.append(k, v);
  for (const d of docs) fd.append(d.field, new Blob([d.bytes]), d.name);
  return t.request({ method: 'POST', url: '/api/auth/performers/register', payload: fd });
};

describe('creator sign-up', () => {
  it('creates a creator with private, re-encoded documents who is not listed until verified', async () => {
    const res = await signup(fields(), [
      { field: 'idVerification', bytes: idImage, name: 'id.jpg' },
      { field: 'documentVerification', bytes: idImage, name: 'selfie.jpg' },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.message).toMatch(/checked your documents/);
    const [user] = await t.ctx.db.db.select().from(users).where(eqUsername('luna.rivers'));
    expect(user!.role).toBe('performer');
    const docs = (await t.ctx.db.db.select().from(files)).filter((f) => f.ownerId === user!.id);
    expect(docs).toHaveLength(2);
    expect(docs.every((d) => d.visibility === 'private' && d.mimeType === 'image/webp')).toBe(true);
    const stored = await t.ctx.storage.read(docs[0]!.storageKey);
    expect(stored).not.toBeNull();
    // Not listed publicly before an admin checks the documents, but the creator sees their own page.
    expect((await t.request({ url: '/api/performers/luna.rivers' })).statusCode).toBe(404);
    const login = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'luna.rivers', password: 'password123' },
    });
    const token = login.json().data.token;
    expect((await t.request({ url: '/api/performers/luna.rivers', token })).statusCode).toBe(200);
    const me = (await t.request({ url: '/api/users/me', token })).json().data;
    expect(me).toMatchObject({ isPerformer: true, verifiedDocument: false });
  });

  it('refuses a sign-up without documents', async () => {
    const res = await signup(fields({ username: 'nodocs', email: 'nodocs@example.test' }), []);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toMatch(/identity document/);
  });

  it('refuses a minor', async () => {
    const res = await signup(
      fields({ username: 'young1', email: 'young@example.test', dateOfBirth: '2015-01-01' }),
      [{ field: 'idVerification', bytes: idImage, name: 'id.jpg' }],
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toMatch(/18 years/);
  });

  it('refuses a PDF as a document and leaves nothing behind', async () => {
    const before = (await t.ctx.db.db.select().from(users)).length;
    const res = await signup(fields({ username: 'pdfdoc', email: 'pdf@example.test' }), [
      { field: 'idVerification', bytes: Buffer.from('%PDF-1.7\n%%EOF'), name: 'id.jpg' },
    ]);
    expect(res.statusCode).toBe(415);
    expect((await t.ctx.db.db.select().from(users)).length).toBe(before);
  });

  it.each([
    ['a bad date', { dateOfBirth: '31/12/1990' }],
    ['a bad country', { country: 'Germany' }],
    ['a reserved username', { username: 'performer' }],
  ])('answers %s with 400', async (_l, override) => {
    const res = await signup(fields({ email: 'x@example.test', username: 'xuser1', ...override }), [
      { field: 'idVerification', bytes: idImage, name: 'id.jpg' },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toEqual(expect.any(String));
  });

  it.each([
    ['an empty date of birth (a half-filled date field sends nothing)', '', 'Enter your date of birth.'],
    ['a date typed another way', '31/12/1990', 'Enter your full date of birth: day, month and year.'],
  ])('answers %s with a sentence that matches the date field', async (_l, dateOfBirth, message) => {
    const res = await signup(fields({ email: 'dob@example.test', username: 'dobuser', dateOfBirth }), [
      { field: 'idVerification', bytes: idImage, name: 'id.jpg' },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('refuses an unexpected file field and a JSON body', async () => {
    const odd = await signup(fields({ username: 'oddfile', email: 'odd@example.test' }), [
      { field: 'avatar', bytes: idImage, name: 'a.jpg' },
    ]);
    expect(odd.statusCode).toBe(400);
    const json = await t.request({ method: 'POST', url: '/api/auth/performers/register', payload: fields() });
    expect(json.statusCode).toBe(415);
  });

  it('refuses a username already taken in another case', async () => {
    const res = await signup(fields({ username: 'LUNA.RIVERS', email: 'luna2@example.test' }), [
      { field: 'idVerification', bytes: idImage, name: 'id.jpg' },
    ]);
    expect(res.statusCode).toBe(409);
    expect((await t.ctx.db.db.select().from(performerProfiles)).length).toBe(1);
  });
});

function eqUsername(username: string) {
  return sql`lower(${users.username}) = ${username}`;
}
