import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupScreen, fieldError, getByLabel, renderScreen, typeInto } from '../test-utils/screen';
import { AmountInput, type AmountLimits, type AmountValue, amountProblem } from './amount-input';

afterEach(cleanupScreen);

function Field(props: AmountLimits & { label: string }) {
  const [value, setValue] = useState<AmountValue>('');
  return <AmountInput {...props} value={value} onChange={setValue} />;
}

describe('the amount input', () => {
  it('keeps a negative stock as typed and says the limit next to the field', async () => {
    renderScreen(<Field label="Stock" mode="quantity" noun="stock" min={0} max={1_000_000} />);
    const stock = getByLabel('Stock');
    await typeInto(stock, '-4');
    expect(stock.value).toBe('-4');
    expect(fieldError(stock)).toBe('The stock cannot be below 0.');
  });

  it('keeps a price above the maximum as typed and says the limit', async () => {
    renderScreen(<Field label="Price" mode="money" noun="price" min={0} max={10_000} />);
    const price = getByLabel('Price');
    await typeInto(price, '100000');
    expect(price.value).toBe('$100,000');
    expect(fieldError(price)).toBe('The price cannot be more than $10,000.00.');
  });

  it('keeps a third decimal as typed and refuses it instead of rounding', async () => {
    renderScreen(<Field label="Top-up" mode="money" noun="top-up" min={2.95} max={300} />);
    const topUp = getByLabel('Top-up');
    await typeInto(topUp, '1');
    expect(topUp.value).toBe('$1');
    expect(fieldError(topUp)).toBe('The top-up must be at least $2.95.');
    await typeInto(topUp, '12.345');
    expect(topUp.value).toBe('$12.345');
    expect(fieldError(topUp)).toBe('The top-up can have at most two decimals.');
  });

  it('shows no error for a value within the limits', async () => {
    renderScreen(<Field label="Commission" mode="percent" noun="commission" min={0} max={100} />);
    const commission = getByLabel('Commission');
    await typeInto(commission, '-5');
    expect(fieldError(commission)).toBe('The commission cannot be below 0 %.');
    await typeInto(commission, '15');
    expect(fieldError(commission)).toBeNull();
  });
});

describe('amountProblem', () => {
  it('names the thing and its limit, and asks for an empty value unless optional', () => {
    expect(amountProblem('', { mode: 'money', noun: 'tip', min: 10 })).toBe('Enter the tip.');
    expect(amountProblem('', { mode: 'money', noun: 'tip', isOptional: true })).toBeNull();
    expect(amountProblem(1.5, { mode: 'quantity', noun: 'quantity', min: 1 })).toBe(
      'The quantity must be a whole number.',
    );
    expect(amountProblem(101, { mode: 'quantity', noun: 'quantity', min: 1, max: 100 })).toBe(
      'The quantity cannot be more than 100.',
    );
  });
});
