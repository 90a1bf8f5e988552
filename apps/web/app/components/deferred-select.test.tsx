import { MantineProvider, Select, type SelectProps } from '@mantine/core';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupScreen, click, getByLabel, renderScreen } from '../test-utils/screen';
import { DeferredSelect, preloadSelect } from './deferred-select';

afterEach(cleanupScreen);

const gender: SelectProps = {
  label: 'Gender',
  placeholder: 'Optional',
  data: [
    { value: 'female', label: 'Female' },
    { value: 'male', label: 'Male' },
  ],
  clearable: true,
  value: null,
};
const country: SelectProps = {
  label: 'Country',
  description: 'Where you live.',
  placeholder: 'Choose your country',
  data: [{ value: 'DE', label: 'Germany' }],
  searchable: true,
  nothingFoundMessage: 'No country matches',
  value: null,
};

/** The server's markup, with React's generated ids made comparable. */
const html = (element: React.ReactNode) =>
  renderToString(<MantineProvider>{element}</MantineProvider>).replace(/mantine-_R_\w+_/g, 'id');

describe('the deferred select', () => {
  it('is server-rendered with the markup of the closed Mantine Select', () => {
    for (const props of [gender, { ...gender, error: 'Pick one' }, country]) {
      expect(html(<DeferredSelect {...props} />)).toBe(html(<Select {...props} />));
    }
  });

  it('becomes the real select once its code is loaded, and opens on a click', async () => {
    renderScreen(<DeferredSelect {...gender} onChange={() => undefined} />);
    preloadSelect();
    await import('./mantine-select');
    await new Promise((resolve) => setTimeout(resolve, 0));
    await click(getByLabel('Gender'));
    expect(document.body.textContent).toContain('Female');
  });
});
