import { describe, expect, it } from 'vitest';
import { errorBody, type ErrorBody } from './envelope.ts';
import { ERROR_CODES } from './error-codes.ts';

describe('failure body', () => {
  it.each(ERROR_CODES)('accepts the code %s', (code) => {
    expect(errorBody.parse({ message: 'Refused', code })).toEqual({ message: 'Refused', code });
  });

  it('carries the field a failure is about, and forcelogout', () => {
    const body = {
      message: 'user.address.city: Please enter your City',
      code: 'VALIDATION',
      field: 'user.address.city',
      forcelogout: true,
    } satisfies ErrorBody;
    expect(errorBody.parse(body)).toEqual(body);
  });

  it('refuses a code that is not in the list', () => {
    expect(errorBody.safeParse({ message: 'Refused', code: 'NOT_A_CODE' }).success).toBe(false);
  });

  it('lists each code once', () => {
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
  });
});
