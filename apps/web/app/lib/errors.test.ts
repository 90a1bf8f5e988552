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
