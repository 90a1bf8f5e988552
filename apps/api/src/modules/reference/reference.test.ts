import { genders, regions, type TCountry, ZCountry } from '@fanstage/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (url: string) => t.request({ method: 'GET', url });

describe('countries', () => {
  let countries: TCountry[];
  beforeAll(async () => {
    const res = await get('/api/countries/list');
    expect(res.statusCode).toBe(200);
    countries = res.json().data;
  });

  it('lists about 250 countries, sorted by name, each with every field of the spec', () => {
    expect(countries.length).toBeGreaterThanOrEqual(240);
    expect(countries.length).toBeLessThanOrEqual(260);
    for (const country of countries) {
      expect(ZCountry.strict().parse(country)).toEqual(country);
      expect(country.code).toMatch(/^[A-Z]{2}$/);
      expect(country.name.length).toBeGreaterThan(1);
      expect(country.currency.code).toMatch(/^[A-Z]{3}$/);
      expect(country.currency.name.length).toBeGreaterThan(1);
      expect(country.currency.symbol.length).toBeGreaterThan(0);
      expect(country.language.code).toMatch(/^[a-z]{2}$/);
      expect(country.language.name.length).toBeGreaterThan(1);
      expect(country.flag).toBe(`/api/flags/${country.code.toLowerCase()}.svg`);
    }
    const names = countries.map((c) => c.name);
    expect(names).toEqual([...names].sort(new Intl.Collator('en').compare));
    expect(new Set(countries.map((c) => c.code)).size).toBe(countries.length);
  });

  it('places every country in one of the six regions, the Antarctic islands included', () => {
    const allowed = new Set<string>(regions);
    expect(countries.filter((c) => !allowed.has(c.region))).toEqual([]);
    expect(countries.find((c) => c.code === 'BV')?.region).toBe('SA');
    expect(countries.find((c) => c.code === 'HM')?.region).toBe('OC');
  });

  it('describes Germany with its capital, the euro and German', () => {
    expect(countries.find((c) => c.code === 'DE')).toEqual({
      name: 'Germany',
      code: 'DE',
      capital: 'Berlin',
      region: 'EU',
      currency: { code: 'EUR', name: 'Euro', symbol: '€' },
      language: { code: 'de', name: 'German', iso639_2: 'deu', nativeName: 'Deutsch' },
      flag: '/api/flags/de.svg',
    });
  });

  it('is public and may be cached for a day', async () => {
    const res = await get('/api/countries/list');
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
  });

  it('has a loadable SVG flag for every country', async () => {
    for (const country of countries) {
      const res = await get(country.flag);
      expect(res.statusCode, country.flag).toBe(200);
      expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.body).toContain('<svg');
    }
  });
});

describe('flags', () => {
  it('answers an unknown code with 404', async () => {
    const res = await get('/api/flags/zz.svg');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toContain('zz');
  });

  it.each([
    '/api/flags/..%2f..%2fpackage.json.svg',
    '/api/flags/%2e%2e.svg',
    '/api/flags/..%2fflag-icons.svg',
    '/api/flags/..%5c..%5cpackage.svg',
    '/api/flags/US.svg',
    '/api/flags/usa.svg',
    '/api/flags/u.svg',
    '/api/flags/sh-ac.svg',
  ])('refuses %s without reading outside the flags folder', async (url) => {
    const res = await get(url);
    expect([400, 404]).toContain(res.statusCode);
    expect(res.headers['content-type']).not.toMatch(/svg/);
    expect(res.body).not.toContain('"name"');
  });

  it('refuses a traversal in the path itself', async () => {
    const res = await get('/api/flags/../../../package.json');
    expect([400, 404]).toContain(res.statusCode);
    expect(res.body).not.toContain('"dependencies"');
  });
});

describe('states and cities', () => {
  it('lists the US states by postal code, sorted by name', async () => {
    const res = await get('/api/states/US');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    const states: { code: string; name: string }[] = res.json().data;
    expect(states.length).toBeGreaterThanOrEqual(50);
    expect(states).toContainEqual({ code: 'CA', name: 'California' });
    const names = states.map((s) => s.name);
    expect(names).toEqual([...names].sort(new Intl.Collator('en').compare));
  });

  it('lists the sixteen German states', async () => {
    const res = await get('/api/states/DE');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toHaveLength(16);
    expect(res.json().data).toContainEqual({ code: 'BY', name: 'Bavaria' });
  });

  it('accepts a lower-case country code', async () => {
    const res = await get('/api/states/de');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toHaveLength(16);
  });

  it('lists the cities of a US state and of a German state, sorted and without repeats', async () => {
    for (const [url, city] of [
      ['/api/cities/US/CA', 'Los Angeles'],
      ['/api/cities/DE/BY', 'Munich'],
    ] as const) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      const names: string[] = res.json().data.map((c: { name: string }) => c.name);
      expect(names.length).toBeGreaterThan(100);
      expect(names).toContain(city);
      expect(new Set(names).size).toBe(names.length);
      expect(names).toEqual([...names].sort(new Intl.Collator('en').compare));
    }
  });

  it('answers a listed country without subdivisions with an empty list', async () => {
    const res = await get('/api/states/BV');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([]);
  });

  it.each(['/api/states/ZZ', '/api/cities/ZZ/CA'])(
    'answers the unknown country of %s with 404',
    async (url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({
        code: 'NOT_FOUND',
        message: 'There is no country with the code ZZ.',
      });
    },
  );

  it('answers an unknown state with 404 naming the country', async () => {
    const res = await get('/api/cities/DE/XX');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Germany has no state with the code XX.');
  });

  it.each([
    '/api/states/USA',
    '/api/states/U',
    '/api/states/1A',
    '/api/states/U$',
    '/api/cities/US/CALI',
    '/api/cities/US/C%20A',
    '/api/cities/USA/CA',
    '/api/cities/US/..%2f..',
  ])('answers the malformed %s with 400 and a readable message', async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
    expect(res.json().message.length).toBeGreaterThan(10);
  });

  it.each(['/api/states/..', '/api/states/%2e%2e', '/api/cities/US/..'])(
    'refuses the dot segments of %s',
    async (url) => {
      const res = await get(url);
      expect([400, 404]).toContain(res.statusCode);
      expect(res.json().data).toBeUndefined();
    },
  );
});

describe('languages and phone codes', () => {
  it('lists the ISO 639-1 languages with native names', async () => {
    const res = await get('/api/languages/list');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    const languages: { code: string; name: string; nativeName: string }[] = res.json().data;
    expect(languages.length).toBeGreaterThan(150);
    expect(languages).toContainEqual({ code: 'de', name: 'German', nativeName: 'Deutsch' });
    expect(languages.every((l) => /^[a-z]{2}$/.test(l.code) && l.name && l.nativeName)).toBe(true);
  });

  it('gives every country one dialling code, its own where it lists several', async () => {
    const res = await get('/api/phone-codes/list');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    const codes: { code: string; name: string; dialCode: string }[] = res.json().data;
    expect(codes.length).toBeGreaterThanOrEqual(240);
    expect(codes).toContainEqual({ code: 'US', name: 'United States', dialCode: '+1' });
    expect(codes).toContainEqual({ code: 'DE', name: 'Germany', dialCode: '+49' });
    expect(codes.find((c) => c.code === 'XK')?.dialCode).toBe('+383');
    expect(codes.every((c) => /^\+\d+$/.test(c.dialCode))).toBe(true);
  });
});

describe('profile options', () => {
  it('offers the genders of the contract, transgender shown as Trans', async () => {
    const res = await get('/api/user-additional');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    const { data } = res.json();
    expect(data.genders.map((g: { value: string }) => g.value)).toEqual([...genders]);
    expect(data.genders).toContainEqual({ value: 'transgender', text: 'Trans' });
  });

  it('offers the five sexual orientations and non-empty lists for every other field', async () => {
    const { data } = (await get('/api/user-additional')).json();
    expect(data.sexualOrientations.map((o: { value: string }) => o.value)).toEqual([
      'straight',
      'lesbian',
      'gay',
      'bisexual',
      'transgender',
    ]);
    for (const field of ['ethnicities', 'heights', 'weights', 'hairs', 'eyes', 'butts', 'bodyTypes']) {
      const list: { value: string; text: string }[] = data[field];
      expect(list.length, field).toBeGreaterThan(2);
      expect(new Set(list.map((o) => o.value)).size, field).toBe(list.length);
    }
  });
});

describe('OpenAPI', () => {
  it('documents the reference routes under the Reference tag', async () => {
    const doc = (await get('/api/openapi.json')).json();
    expect(doc.paths['/api/countries/list'].get.tags).toEqual(['Reference']);
    expect(doc.paths['/api/cities/{country}/{state}'].get.tags).toEqual(['Reference']);
  });
});
