import { act } from 'react';
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
import { AddressFormModal } from './address-form';

afterEach(cleanupScreen);

const countries = [
  { name: 'Germany', code: 'DE' },
  { name: 'United States', code: 'US' },
  { name: 'United Kingdom', code: 'GB' },
];

function openForm(saving?: Promise<void>) {
  const fetchMock = stubFetch(async (path, init) => {
    if (path.includes('/countries/list')) return Response.json({ data: countries });
    if (init?.method === 'POST') {
      await saving;
      const body = JSON.parse(String(init.body));
      return Response.json({ data: { _id: 'a1', ...body, createdAt: '', updatedAt: '' } });
    }
    return Response.json({ data: [], total: 0 });
  });
  renderScreen(<AddressFormModal opened onClose={() => {}} />, {
    user: { _id: 'fan', role: 'user' } as never,
  });
  return fetchMock;
}

async function pickCountry(name: string) {
  const country = getByLabel('Country');
  await act(async () => country.click());
  await typeInto(country, name.slice(0, 4), { stay: true });
  const option = [...document.querySelectorAll<HTMLElement>('[role="option"]')].find(
    (o) => o.textContent === name,
  );
  await click(option as HTMLElement);
}

async function fillAddress() {
  await typeInto(getByLabel('Address name'), 'Home');
  await typeInto(getByLabel('Recipient'), 'Ava Thompson');
  await typeInto(getByLabel('Street address'), '1 Main Street');
  await typeInto(getByLabel('City'), 'Springfield');
}

const posts = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');

describe('the address form country', () => {
  it('is picked from the list by searching, and that name is sent', async () => {
    const fetchMock = openForm();
    await fillAddress();
    const country = getByLabel('Country');
    await act(async () => country.click());
    await typeInto(country, 'Germ', { stay: true });
    const option = [...document.querySelectorAll<HTMLElement>('[role="option"]')].find(
      (o) => o.textContent === 'Germany',
    );
    expect(option).toBeDefined();
    expect(
      [...document.querySelectorAll('[role="option"]')].some((o) => o.textContent === 'United States'),
    ).toBe(false);
    await click(option as HTMLElement);
    await click(getButton('Save address'));
    const [call] = posts(fetchMock);
    expect(JSON.parse(String(call?.[1]?.body)).country).toBe('Germany');
  });

  it('does not take typed text that is not a listed country, and says so next to the field', async () => {
    const fetchMock = openForm();
    await fillAddress();
    const country = getByLabel('Country');
    await typeInto(country, 'United St');
    await click(getButton('Save address'));
    expect(posts(fetchMock)).toHaveLength(0);
    expect(fieldError(getByLabel('Country'))).toBe('Choose the country from the list.');
  });
});

describe('the address form save button', () => {
  it('is disabled while the address is being saved, so a double click saves it once', async () => {
    let finish = () => {};
    const fetchMock = openForm(new Promise<void>((resolve) => (finish = resolve)));
    await fillAddress();
    await pickCountry('United States');
    const save = getButton('Save address');
    await act(async () => {
      save.click();
      save.click();
    });
    expect(getButton('Save address').disabled).toBe(true);
    await click(getButton('Save address'));
    expect(posts(fetchMock)).toHaveLength(1);
    await act(async () => finish());
    await vi.waitFor(() => expect(document.body.textContent).toContain('Address added'));
    expect(posts(fetchMock)).toHaveLength(1);
  });
});
