import { describe, expect, test } from 'vitest';
import { createVerifiedCredentials } from './verified-credentials.ts';

describe('passwords a node has already verified for a charger', () => {
  test('the same password against the same stored hash is known; anything else is not', () => {
    const verified = createVerifiedCredentials();
    verified.remember('charger-a', 'hash-1', 'right password');
    expect(verified.knows('charger-a', 'hash-1', 'right password')).toBe(true);
    expect(verified.knows('charger-a', 'hash-1', 'wrong password')).toBe(false);
    expect(verified.knows('charger-a', 'hash-1', 'right passwor')).toBe(false);
    // The operator set a new password: the stored hash changed, the old one is checked afresh.
    expect(verified.knows('charger-a', 'hash-2', 'right password')).toBe(false);
    // Another charger's identity with the same password is not admitted by this one's memory.
    expect(verified.knows('charger-b', 'hash-1', 'right password')).toBe(false);
  });

  test('a charger remembers only its latest password', () => {
    const verified = createVerifiedCredentials();
    verified.remember('charger-a', 'hash-1', 'first');
    verified.remember('charger-a', 'hash-2', 'second');
    expect(verified.knows('charger-a', 'hash-1', 'first')).toBe(false);
    expect(verified.knows('charger-a', 'hash-2', 'second')).toBe(true);
  });

  test('past its capacity the longest-unrefreshed charger is forgotten first', () => {
    const verified = createVerifiedCredentials(2);
    verified.remember('a', 'h', 'p');
    verified.remember('b', 'h', 'p');
    verified.remember('a', 'h', 'p');
    verified.remember('c', 'h', 'p');
    expect(verified.knows('b', 'h', 'p')).toBe(false);
    expect(verified.knows('a', 'h', 'p')).toBe(true);
    expect(verified.knows('c', 'h', 'p')).toBe(true);
  });
});
