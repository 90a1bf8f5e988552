import { Checkbox, MantineProvider, TextInput } from '@mantine/core';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import type { Resolver } from 'react-hook-form';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Controller, type LightForm, useForm } from './light-form';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

interface Values {
  email: string;
  remember: boolean;
  country: string;
}

/** What the contract's resolvers do: an email with an @, a country; the valid values come back trimmed. */
const resolver: Resolver<Values> = async (values) => {
  const errors: Record<string, { type: string; message: string }> = {};
  if (!values.email.includes('@')) errors.email = { type: 'format', message: 'Enter an email address' };
  if (!values.country) errors.country = { type: 'required', message: 'Choose a country' };
  return Object.keys(errors).length
    ? { values: {}, errors }
    : { values: { ...values, email: values.email.trim() }, errors: {} };
};

let root: Root | null = null;
let form: LightForm<Values> | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  form = null;
  document.body.innerHTML = '';
});

function TestForm({ onValid }: { onValid: (v: Values) => void }) {
  const f = useForm<Values>({ resolver, defaultValues: { email: 'a', remember: true, country: '' } });
  form = f;
  return (
    <form onSubmit={f.handleSubmit(onValid)}>
      <TextInput label="Email" error={f.formState.errors.email?.message} {...f.register('email')} />
      <Checkbox label="Remember me" {...f.register('remember')} />
      <Controller
        control={f.control}
        name="country"
        render={({ field, fieldState }) => (
          <TextInput
            label="Country"
            value={String(field.value)}
            onChange={(e) => field.onChange(e.currentTarget.value)}
            error={fieldState.error?.message}
          />
        )}
      />
      <p data-testid="typed">{f.watch('email')}</p>
      <button type="submit">Send</button>
    </form>
  );
}

function render(onValid: (v: Values) => void) {
  const container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  act(() =>
    root?.render(
      <MantineProvider>
        <TestForm onValid={onValid} />
      </MantineProvider>,
    ),
  );
}

const input = (label: string) => {
  const node = [...document.querySelectorAll('label')].find((l) => l.textContent?.trim() === label);
  const el = node?.htmlFor ? document.getElementById(node.htmlFor) : null;
  if (!(el instanceof HTMLInputElement)) throw new Error(`no field labelled ${label}`);
  return el;
};
const type = (label: string, value: string) =>
  act(() => {
    const el = input(label);
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(el, value);
    el.dispatchEvent(new Event('input', { bubbles: true }));
  });
const submit = () =>
  act(async () => {
    document.querySelector<HTMLButtonElement>('button[type=submit]')?.click();
    await new Promise((r) => setTimeout(r, 20));
  });
const text = () => document.body.textContent ?? '';

describe('the public forms’ light form state', () => {
  it('puts the default values into the fields and reads what a person types', async () => {
    const onValid = vi.fn();
    render(onValid);
    expect(input('Email').value).toBe('a');
    expect(input('Remember me').checked).toBe(true);
    type('Email', ' ann@example.test ');
    expect(document.querySelector('[data-testid=typed]')?.textContent).toBe(' ann@example.test ');
    act(() => input('Remember me').click());
    type('Country', 'FR');
    await submit();
    // The resolver's values, not the raw ones.
    expect(onValid).toHaveBeenCalledWith({ email: 'ann@example.test', remember: false, country: 'FR' });
  });

  it('checks on submit, shows the messages, focuses the first field, then checks again as the person types', async () => {
    const onValid = vi.fn();
    render(onValid);
    expect(text()).not.toContain('Enter an email address');
    await submit();
    expect(onValid).not.toHaveBeenCalled();
    expect(text()).toContain('Enter an email address');
    expect(text()).toContain('Choose a country');
    expect(document.activeElement).toBe(input('Email'));
    type('Email', 'ann@example.test');
    type('Country', 'FR');
    await act(async () => {
      await new Promise((r) => setTimeout(r, 20));
    });
    expect(text()).not.toContain('Enter an email address');
    expect(text()).not.toContain('Choose a country');
  });

  it('shows an error the server gave (setError), and reset puts values back and clears messages', async () => {
    render(vi.fn());
    act(() =>
      form?.setError('email', { type: 'server', message: 'That email is taken' }, { shouldFocus: true }),
    );
    expect(text()).toContain('That email is taken');
    expect(document.activeElement).toBe(input('Email'));
    type('Email', 'changed@example.test');
    act(() => form?.reset({ ...(form as LightForm<Values>).getValues(), email: '' }));
    expect(input('Email').value).toBe('');
    expect(input('Remember me').checked).toBe(true);
    expect(text()).not.toContain('That email is taken');
  });
});
