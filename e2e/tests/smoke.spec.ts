import { expect, test } from './fixtures';

test('the API answers through the same port as the pages', async ({ request }) => {
  const res = await request.get('/api/health');
  expect(res.ok()).toBe(true);
  expect(await res.json()).toEqual({ status: 'ok' });
});
