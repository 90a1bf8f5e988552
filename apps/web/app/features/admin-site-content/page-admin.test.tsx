import type { TCmsPost } from '@fanstage/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  cleanupScreen,
  click,
  fieldError,
  getButton,
  getByLabel,
  renderScreen,
  stubFetch,
  typeInto,
} from '../../test-utils/screen';
import { PageAdmin } from './page-admin';

afterEach(cleanupScreen);

const pageOf = (over: Partial<TCmsPost>): TCmsPost => ({
  _id: '00000000-0000-4000-8000-000000000001',
  title: 'Terms of service',
  slug: 'terms',
  content: '<p>Be kind.</p>',
  status: 'published',
  createdAt: '2026-06-01T12:00:00.000Z',
  updatedAt: '2026-06-01T12:00:00.000Z',
  ...over,
});

const rows = () => [...document.querySelectorAll('[data-testid="admin-page-row"]')];

/** The screen against a fake API; `created` is what POST /admin/posts answers. */
function render(created: { status: number; body: unknown }) {
  const list = [
    pageOf({}),
    pageOf({ _id: '00000000-0000-4000-8000-000000000002', title: 'FAQ', slug: 'faq', status: 'draft' }),
  ];
  return stubFetch((_path, init) => {
    if (init?.method === 'POST') return Response.json(created.body, { status: created.status });
    return Response.json({ data: list, total: list.length });
  });
}

describe('the admin pages screen', () => {
  it('lists each page with its state, and links the published one to its public address', async () => {
    const fetchMock = render({ status: 200, body: {} });
    renderScreen(<PageAdmin />);
    await vi.waitFor(() => expect(rows()).toHaveLength(2));
    expect(rows()[0]?.textContent).toContain('published');
    expect(rows()[0]?.querySelector('a')?.getAttribute('href')).toBe('/page/terms');
    expect(rows()[1]?.textContent).toContain('draft');
    expect(rows()[1]?.querySelector('a')).toBeNull();
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain('/api/admin/posts?offset=0&limit=20');
  });

  it('creates a page with the slug left out, so the server makes it from the title', async () => {
    const fetchMock = render({
      status: 200,
      body: { data: pageOf({ title: 'House rules', slug: 'house-rules' }) },
    });
    renderScreen(<PageAdmin />);
    await vi.waitFor(() => expect(rows()).toHaveLength(2));
    await click(getButton('New page'));
    await typeInto(getByLabel('Title'), 'House rules');
    await typeInto(getByLabel('Body'), '<p>Be kind.</p>');
    await click(getButton('Create page'));
    await vi.waitFor(() => expect(document.body.textContent).toContain('Page created'));
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(String(post?.[0])).toBe('/api/admin/posts');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      title: 'House rules',
      content: '<p>Be kind.</p>',
      status: 'draft',
    });
  });

  it("puts the API's sentence under the slug when another page has it", async () => {
    render({
      status: 409,
      body: {
        statusCode: 409,
        code: 'CONFLICT',
        message: 'Another page already uses this slug.',
        details: [{ path: 'slug', message: 'Another page already uses this slug.' }],
      },
    });
    renderScreen(<PageAdmin />);
    await vi.waitFor(() => expect(rows()).toHaveLength(2));
    await click(getButton('New page'));
    await typeInto(getByLabel('Title'), 'Terms');
    await typeInto(getByLabel('Slug'), 'terms');
    await click(getButton('Create page'));
    await vi.waitFor(() =>
      expect(document.body.textContent).toContain('Another page already uses this slug.'),
    );
    expect(getButton('Create page')).toBeDefined();
  });

  it('refuses a slug with spaces before asking the server', async () => {
    const fetchMock = render({ status: 200, body: {} });
    renderScreen(<PageAdmin />);
    await vi.waitFor(() => expect(rows()).toHaveLength(2));
    await click(getButton('New page'));
    await typeInto(getByLabel('Title'), 'Terms');
    await typeInto(getByLabel('Slug'), 'not a slug');
    await click(getButton('Create page'));
    await vi.waitFor(() =>
      expect(fieldError(getByLabel('Slug'))).toBe(
        'The slug may hold only letters, digits and single dashes.',
      ),
    );
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });
});
