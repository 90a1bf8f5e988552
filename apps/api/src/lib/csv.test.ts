import { describe, expect, it } from 'vitest';
import { centsToDecimal, csvCell, toCsv } from './csv';

describe('csv cells', () => {
  it('quotes fields with commas, quotes and line breaks, doubling the quotes', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('cr\rhere')).toBe('"cr\rhere"');
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell(null)).toBe('');
  });

  it('keeps text that starts like a formula from running in a spreadsheet', () => {
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvCell('+1+1')).toBe("'+1+1");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tcmd')).toBe("'\tcmd");
  });

  it('leaves plain numbers, negative amounts included, as numbers', () => {
    expect(csvCell('-12.50')).toBe('-12.50');
    expect(csvCell(42)).toBe('42');
    expect(csvCell('0.07')).toBe('0.07');
  });

  it('joins rows with commas and line breaks, ending with one', () => {
    expect(
      toCsv([
        ['a', 'b'],
        ['1', 'x,y'],
      ]),
    ).toBe('a,b\n1,"x,y"\n');
  });
});

describe('cents as decimals', () => {
  it('writes integer cents exactly with two places', () => {
    expect(centsToDecimal(1005)).toBe('10.05');
    expect(centsToDecimal(0)).toBe('0.00');
    expect(centsToDecimal(-7)).toBe('-0.07');
    expect(centsToDecimal(123456789)).toBe('1234567.89');
  });
});
