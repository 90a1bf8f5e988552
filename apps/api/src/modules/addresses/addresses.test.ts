import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const home = {
  name: 'Home',
  fullName: 'Ava Thompson',
  street: '1 Main Street',
  city: 'Springfield',
  country: 'United States',
};

const listOf = async (token: string) =>
  (await t.request({ url: '/api/addresses/search', token })).json().data as { country: string }[];

describe('address book countries', () => {
  it('refuses a country that is not in the list with a sentence and saves nothing', async () => {
    const fan = await t.fan();
    const res = await t.request({
      method: 'POST',
      url: '/api/addresses/create',
      token: fan.token,
      payload: { ...home, country: 'United St' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Choose the country from the list; "United St" is not one we know.');
    expect(res.json().details).toEqual([{ path: 'country', message: 'Choose the country from the list.' }]);
    expect(await listOf(fan.token)).toEqual([]);
  });

  it('keeps a listed country, given by name or code, by its name in the list spelling', async () => {
    const fan = await t.fan();
    for (const country of ['germany', 'DE']) {
      const res = await t.request({
        method: 'POST',
        url: '/api/addresses/create',
        token: fan.token,
        payload: { ...home, country },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.country).toBe('Germany');
    }
  });

  it('refuses an unknown country on edit too and keeps the old one', async () => {
    const fan = await t.fan();
    const id = (
      await t.request({ method: 'POST', url: '/api/addresses/create', token: fan.token, payload: home })
    ).json().data._id as string;
    const res = await t.request({
      method: 'PUT',
      url: `/api/addresses/${id}`,
      token: fan.token,
      payload: { ...home, country: 'Atlantis' },
    });
    expect(res.statusCode).toBe(400);
    expect((await listOf(fan.token))[0]?.country).toBe('United States');
  });
});
