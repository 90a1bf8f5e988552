/*
 * CSV for exports people open in a spreadsheet (RFC 4180: comma-separated, CRLF-free `\n` lines,
 * fields with a comma, quote or line break quoted, quotes doubled).
 */

/** A plain number (an amount such as -12.50): a spreadsheet reads it as a number, not a formula. */
const plainNumber = /^-?\d+(\.\d+)?$/;
/** What a spreadsheet would run as a formula (or DDE command) when a cell starts with it. */
const formulaStart = /^[=+\-@\t\r]/;

/**
 * One field. Text that a spreadsheet would take for a formula (starting with = + - @, a tab or a
 * carriage return) is prefixed with a single quote, so a name like `=HYPERLINK(…)` stays text;
 * plain numbers are left as they are so amounts stay numbers.
 */
export function csvCell(value: string | number | null | undefined): string {
  const text = value === null || value === undefined ? '' : String(value);
  const safe = formulaStart.test(text) && !plainNumber.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** Rows (header first) as a CSV document ending with a line break. */
export function toCsv(rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  return `${rows.map((row) => row.map(csvCell).join(',')).join('\n')}\n`;
}

/** Integer cents as a decimal with two places, computed on integers: 1005 → "10.05", -7 → "-0.07". */
export function centsToDecimal(cents: number): string {
  const abs = Math.abs(cents);
  const whole = Math.floor(abs / 100);
  const part = String(abs % 100).padStart(2, '0');
  return `${cents < 0 ? '-' : ''}${whole}.${part}`;
}
