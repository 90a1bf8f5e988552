import { describe, expect, it } from 'vitest';
import { errorCode, errorDetails, errorMessage } from './errors';

describe('errorMessage', () => {
  it("shows the error's message first", () => {
    expect(errorMessage({ message: 'Top up first.', error: { message: 'nested' } })).toBe('Top up first.');
  });
  it('falls back to the nested error message', () => {
    expect(errorMessage({ error: { message: 'Nested problem.' } })).toBe('Nested problem.');
  });
  it('shows the error itself when it is a string', () => {
    expect(errorMessage('Plain words.')).toBe('Plain words.');
  });
  it('says something went wrong otherwise', () => {
    expect(errorMessage({})).toBe('Something went wrong, please try again later');
    expect(errorMessage(null)).toBe('Something went wrong, please try again later');
    expect(errorMessage({ message: '' })).toBe('Something went wrong, please try again later');
  });
  it('reads as a sentence without an internal field name in front', () => {
    expect(
      errorMessage({
        statusCode: 400,
        message: 'holderName: Enter the account holder name. (and 4 more problems)',
        details: [{ path: 'holderName', message: 'Enter the account holder name.' }],
      }),
    ).toBe('Enter the account holder name. There are 4 more problems.');
    expect(errorMessage({ message: 'quantity: the quantity must be a number' })).toBe(
      'The quantity must be a number.',
    );
    expect(errorMessage({ message: 'amount: At least 10.00. (and 1 more problem)' })).toBe(
      'At least 10.00. There is 1 more problem.',
    );
  });
  it('keeps sentences that merely contain a colon', () => {
    expect(errorMessage({ message: 'Not bought: the product sold out.' })).toBe(
      'Not bought: the product sold out.',
    );
  });
  it('shows the fallback instead of a browser error', () => {
    expect(errorMessage(new TypeError('Failed to fetch'))).toBe(
      'Something went wrong, please try again later',
    );
    expect(errorMessage(new SyntaxError('Unexpected token < in JSON at position 0'))).toBe(
      'Something went wrong, please try again later',
    );
    expect(errorMessage(new Error('This payment needs a card form.'))).toBe(
      'This payment needs a card form.',
    );
  });
  it('uses the given fallback, e.g. for a failed login', () => {
    expect(errorMessage(undefined, 'Incorrect credentials!')).toBe('Incorrect credentials!');
  });
});

describe('errorDetails and errorCode', () => {
  it('reads the per-field details of an API error and ignores junk', () => {
    const error = {
      code: 'CONFLICT',
      details: [{ path: 'username', message: 'Already taken.' }, { nope: 1 }],
    };
    expect(errorDetails(error)).toEqual([{ path: 'username', message: 'Already taken.' }]);
    expect(errorCode(error)).toBe('CONFLICT');
    expect(errorDetails('x')).toEqual([]);
  });
});
