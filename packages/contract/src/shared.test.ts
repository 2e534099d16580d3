import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { currencyCode, requestId, text, tooLongLimit, tooLongMessage } from './shared.ts';
import { UNSTORABLE_TEXT_MESSAGE } from '@evc/domain';
import { tariffInput } from './chargers.ts';
import { startRegistrationRequest } from './auth.ts';

const messages = (schema: z.ZodType, value: unknown) =>
  schema.safeParse(value).error?.issues.map((issue) => issue.message) ?? [];

describe('text', () => {
  it.each([
    ['plain words', 'Dana Driver'],
    ['accents and emoji (paired surrogates)', 'Zoë ⚡🚗'],
    ['exactly the limit', 'x'.repeat(20)],
    ['empty', ''],
  ])('takes %s', (_, value) => {
    expect(text(20).parse(value)).toBe(value);
  });

  it.each([
    ['a NUL', 'Dana\u0000'],
    ['a lone high surrogate', 'Dana\uD83D'],
    ['a lone low surrogate', '\uDE97Dana'],
    ['two high surrogates', '\uD83D\uD83D'],
    ['surrogates the wrong way round', '\uDE97\uD83D'],
  ])('refuses %s', (_, value) => {
    expect(messages(text(10), value)).toEqual([UNSTORABLE_TEXT_MESSAGE]);
  });

  it('refuses more than its limit, naming the limit', () => {
    expect(messages(text(10), 'x'.repeat(11))).toEqual([tooLongMessage(10)]);
  });

  it.each([1, true, null, {}, ['x']])('refuses %j, not a string', (value) => {
    expect(text(10).safeParse(value).success).toBe(false);
  });

  it('keeps narrowing after it: trim and min', () => {
    expect(requestId.parse('  charger-1 ')).toBe('charger-1');
    expect(requestId.safeParse('   ').success).toBe(false);
  });
});

describe('tooLongLimit', () => {
  it.each<[string, number | null]>([
    [tooLongMessage(200), 200],
    [`user.address.line1: ${tooLongMessage(200)}`, 200],
    ['user.address.city: Please enter your City', null],
    ['at most a few characters', null],
  ])('%j → %j', (message, limit) => {
    expect(tooLongLimit(message)).toBe(limit);
  });
});

describe('currencyCode', () => {
  it.each([
    ['gbp', 'GBP'],
    [' eur ', 'EUR'],
    ['JPY', 'JPY'],
  ])('takes %j as %j', (value, code) => {
    expect(currencyCode().parse(value)).toBe(code);
  });

  it.each(['\u202e🚗⚡', 'ABC', 'XXX', 'GB', 'GBPX', '', 'G\u0000P'])('refuses %j', (value) => {
    expect(currencyCode().safeParse(value).success).toBe(false);
  });

  it('is what a tariff and a registration take', () => {
    expect(tariffInput.safeParse({ standard_rate: 0.4, currency: '\u202e🚗⚡' }).success).toBe(
      false,
    );
    expect(tariffInput.parse({ standard_rate: 0.4, currency: 'eur' }).currency).toBe('EUR');
    const registration = startRegistrationRequest.safeParse({ user: { preferredCurrency: 'QQQ' } });
    expect(
      registration.error?.issues.find((issue) => issue.path.join('.') === 'user.preferredCurrency')
        ?.message,
    ).toBe('Please Select your Currency.');
  });
});
