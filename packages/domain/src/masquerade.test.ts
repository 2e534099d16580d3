import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  consoleOriginFor,
  isConsoleOrigin,
  isMasqueradeHost,
  masqueradeClears,
  masqueradeConfirmationDue,
  masqueradeOriginFor,
  withoutMasqueradePrefix,
  type MasqueradeClearMessage,
} from './masquerade.ts';

describe('masquerade host (spec 000 §4: on when the host starts with a support-masquerade prefix)', () => {
  it.each<[string, boolean]>([
    ['support-masquerade.voltway.localhost', true],
    ['support-masquerade.localhost', true],
    ['Support-Masquerade.app.voltway.example.com', true],
    ['voltway.localhost', false],
    ['localhost', false],
    ['app.support-masquerade.example.com', false],
    ['support-masqueradex.localhost', false],
  ])('%s: %s', (host, on) => {
    expect(isMasqueradeHost(host)).toBe(on);
  });

  it('the brand host is the host without the prefix', () => {
    expect(withoutMasqueradePrefix('support-masquerade.voltway.localhost')).toBe(
      'voltway.localhost',
    );
    expect(withoutMasqueradePrefix('voltway.localhost')).toBe('voltway.localhost');
  });
});

describe('the console origin a frame hears (issue 18)', () => {
  it.each<[string, string | null]>([
    ['http://support-masquerade.voltway.localhost:8080', 'http://voltway.localhost:8080'],
    ['http://support-masquerade.localhost:8080', 'http://localhost:8080'],
    ['https://support-masquerade.app.voltway.example.com', 'https://app.voltway.example.com'],
    ['https://support-masquerade.app.voltway.example.com:443', 'https://app.voltway.example.com'],
    ['http://localhost:8080', 'http://localhost:8080'],
    ['file:///index.html', null],
    ['null', null],
  ])('a frame at %s hears %s', (frame, console) => {
    expect(consoleOriginFor(frame)).toBe(console);
  });

  it.each<[string, string, boolean]>([
    ['http://support-masquerade.voltway.localhost:8080', 'http://voltway.localhost:8080', true],
    ['http://support-masquerade.localhost:8080', 'http://localhost:8080', true],
    ['http://support-masquerade.voltway.localhost:8080', 'http://localhost:8080', false],
    ['http://support-masquerade.voltway.localhost:8080', 'https://voltway.localhost:8080', false],
    ['http://support-masquerade.voltway.localhost:8080', 'http://voltway.localhost:8081', false],
    ['http://support-masquerade.voltway.localhost:8080', 'http://voltway.localhost', false],
    [
      'http://support-masquerade.voltway.localhost:8080',
      'http://support-masquerade.voltway.localhost:8080',
      false,
    ],
    [
      'http://support-masquerade.voltway.localhost:8080',
      'http://evil.voltway.localhost:8080',
      false,
    ],
    ['http://support-masquerade.voltway.localhost:8080', 'null', false],
  ])('a frame at %s takes messages from %s: %s', (frame, sender, accepted) => {
    expect(isConsoleOrigin(frame, sender)).toBe(accepted);
  });

  const label = fc.stringMatching(/^[a-z]([a-z0-9-]{0,10}[a-z0-9])?$/);
  const host = fc.array(label, { minLength: 1, maxLength: 4 }).map((labels) => labels.join('.'));
  const scheme = fc.constantFrom('http:', 'https:');
  const port = fc.option(fc.integer({ min: 1, max: 65535 }), { nil: undefined });
  const origin = (s: string, h: string, p: number | undefined) =>
    new URL(`${s}//${h}${p === undefined ? '' : `:${p}`}`).origin;

  it('accepts the console origin, and nothing that differs from it in scheme, host or port', () => {
    fc.assert(
      fc.property(scheme, host, port, scheme, host, port, (s, h, p, s2, h2, p2) => {
        const frame = origin(s, `support-masquerade.${h}`, p);
        const consoleOrigin = origin(s, h, p);
        expect(isConsoleOrigin(frame, consoleOrigin)).toBe(true);
        const other = origin(s2, h2, p2);
        expect(isConsoleOrigin(frame, other)).toBe(other === consoleOrigin);
      }),
    );
  });

  it('refuses any sender string but the exact console origin', () => {
    fc.assert(
      fc.property(scheme, host, port, fc.string(), (s, h, p, sender) => {
        const frame = origin(s, `support-masquerade.${h}`, p);
        expect(isConsoleOrigin(frame, sender)).toBe(sender === origin(s, h, p));
      }),
    );
  });
});

describe('clear messages (spec 000 §4: clear the guest and/or log out, then reload)', () => {
  it.each<[MasqueradeClearMessage, { guest: boolean; user: boolean }]>([
    ['clearGuest', { guest: true, user: false }],
    ['clearUser', { guest: false, user: true }],
    ['clearAll', { guest: true, user: true }],
  ])('%s clears %o', (message, clears) => {
    expect(masqueradeClears(message)).toEqual(clears);
  });
});

describe('the masquerade confirmation (spec 000 §2, §4: shown once when a user with an HRCode is loaded)', () => {
  it.each<
    [string, { masquerade: boolean; confirmed: boolean; userHRCode: string | null }, boolean]
  >([
    [
      'masquerade, a user with an HRCode, not confirmed: shown',
      { masquerade: true, confirmed: false, userHRCode: 'HR1' },
      true,
    ],
    [
      'already confirmed this session: not shown',
      { masquerade: true, confirmed: true, userHRCode: 'HR1' },
      false,
    ],
    [
      'no user loaded (a guest): not shown',
      { masquerade: true, confirmed: false, userHRCode: null },
      false,
    ],
    [
      'a user without an HRCode: not shown',
      { masquerade: true, confirmed: false, userHRCode: '' },
      false,
    ],
    [
      'not masquerading: not shown',
      { masquerade: false, confirmed: false, userHRCode: 'HR1' },
      false,
    ],
  ])('%s', (_label, input, due) => {
    expect(masqueradeConfirmationDue(input)).toBe(due);
  });
});

describe('masqueradeOriginFor: the console frames the app on its own host behind the prefix', () => {
  it.each([
    ['http:', 'localhost:8080', 'http://support-masquerade.localhost:8080'],
    ['http', 'voltway.localhost:8080', 'http://support-masquerade.voltway.localhost:8080'],
    ['https:', 'app.voltway.example.com', 'https://support-masquerade.app.voltway.example.com'],
  ])('%s//%s → %s', (protocol, host, origin) => {
    expect(masqueradeOriginFor(protocol, host)).toBe(origin);
    expect(consoleOriginFor(origin)).toBe(`${protocol.replace(/:?$/, ':')}//${host}`);
  });
});
