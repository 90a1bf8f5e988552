import { NumberInput, type NumberInputProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatPrice } from '../lib/format';

/**
 * money: dollars with at most two decimals; quantity: whole units; percent: a percentage with at most
 * two decimals; decimal: a plain number with at most two decimals (a ratio like 0.2).
 */
export type AmountMode = 'money' | 'quantity' | 'percent' | 'decimal';

/** What the field holds: the number the person typed, or '' while it is empty. */
export type AmountValue = number | '';

export interface AmountLimits {
  mode: AmountMode;
  min?: number;
  max?: number;
  /** The thing in words, for messages: "tip", "top-up", "stock". */
  noun: string;
  /** An empty field is a problem ("Enter the tip.") unless it is optional. */
  isOptional?: boolean;
}

const hasAtMostTwoDecimals = (n: number) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6;

const limitText = (mode: AmountMode, n: number) =>
  mode === 'money' ? formatPrice(n) : mode === 'percent' ? `${n} %` : String(n);

/**
 * Why a typed amount cannot be sent, as a sentence with the limit, or null when it can. The value is
 * never changed to fit: a person who typed 3 where the minimum is 10 is told so, not charged 10.
 */
export function amountProblem(value: AmountValue, limits: AmountLimits): string | null {
  const { mode, min, max, noun } = limits;
  if (value === '' || !Number.isFinite(value)) return limits.isOptional ? null : `Enter the ${noun}.`;
  if (mode === 'quantity' && !Number.isInteger(value)) return `The ${noun} must be a whole number.`;
  if (mode !== 'quantity' && !hasAtMostTwoDecimals(value))
    return `The ${noun} can have at most two decimals.`;
  if (min !== undefined && value < min) {
    return min === 0
      ? `The ${noun} cannot be below ${limitText(mode, 0)}.`
      : `The ${noun} must be at least ${limitText(mode, min)}.`;
  }
  if (max !== undefined && value > max) return `The ${noun} cannot be more than ${limitText(mode, max)}.`;
  return null;
}

/** Reads Mantine's value (a number, or a string while empty or half typed like "-") as an AmountValue. */
export const toAmountValue = (v: number | string): AmountValue => {
  if (typeof v === 'number') return v;
  if (v.trim() === '') return '';
  const n = Number(v);
  return Number.isFinite(n) ? n : '';
};

type PassedProps = Omit<
  NumberInputProps,
  | 'value'
  | 'onChange'
  | 'min'
  | 'max'
  | 'clampBehavior'
  | 'decimalScale'
  | 'fixedDecimalScale'
  | 'allowNegative'
  | 'allowDecimal'
  | 'error'
>;

export interface AmountInputProps extends PassedProps, AmountLimits {
  value: AmountValue;
  onChange: (value: AmountValue) => void;
  /** A problem from elsewhere (the form or the server); shown instead of the limit message. */
  error?: ReactNode;
}

/**
 * The one number field for money and quantities. It never clamps, rounds or flips the sign of what
 * was typed; a value outside the limits stays as typed and the limit is said next to the field (the
 * form refuses it with `amountProblem` too).
 */
export function AmountInput({
  mode,
  min,
  max,
  noun,
  isOptional,
  value,
  onChange,
  error,
  ...rest
}: AmountInputProps) {
  const problem = amountProblem(value, { mode, min, max, noun, isOptional: true });
  return (
    <NumberInput
      prefix={mode === 'money' ? '$' : undefined}
      suffix={mode === 'percent' ? ' %' : undefined}
      thousandSeparator={mode === 'money' ? ',' : undefined}
      hideControls
      inputMode={mode === 'quantity' ? 'numeric' : 'decimal'}
      {...rest}
      min={min}
      max={max}
      clampBehavior="none"
      allowNegative
      allowDecimal
      value={value}
      onChange={(v) => onChange(toAmountValue(v))}
      error={error || problem}
    />
  );
}
