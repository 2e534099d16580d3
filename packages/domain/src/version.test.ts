import { describe, expect, it } from 'vitest';
import {
  API_VERSION,
  API_VERSION_PARTS,
  APP_VERSION,
  APP_VERSION_PARTS,
  isApiVersionAccepted,
  parseVersion,
} from './version.ts';

describe('parseVersion', () => {
  it.each([
    ['2.7.9', { major: 2, minor: 7, patch: 9 }],
    ['2.0.0', { major: 2, minor: 0, patch: 0 }],
    ['10.20.30', { major: 10, minor: 20, patch: 30 }],
    ['0.0.0', { major: 0, minor: 0, patch: 0 }],
  ])('%s parses', (text, expected) => {
    expect(parseVersion(text)).toEqual(expected);
  });

  it.each(['', '2', '2.7', '2.7.9.1', 'v2.7.9', ' 2.7.9', '02.7.9', '2.x.9', '2.-7.9'])(
    '%j is not a version',
    (text) => {
      expect(parseVersion(text)).toBeNull();
    },
  );
});

describe('version constants', () => {
  it('app version is 2.7.9 and API version is 2.0.0', () => {
    expect(APP_VERSION).toBe('2.7.9');
    expect(API_VERSION).toBe('2.0.0');
    expect(APP_VERSION_PARTS).toEqual({ major: 2, minor: 7, patch: 9 });
    expect(API_VERSION_PARTS).toEqual({ major: 2, minor: 0, patch: 0 });
  });

  it('the shipped app is accepted by the shipped API', () => {
    expect(isApiVersionAccepted(APP_VERSION_PARTS, API_VERSION_PARTS)).toBe(true);
  });
});

describe('isApiVersionAccepted (spec 000 §5)', () => {
  it.each([
    // app major lower than server major: fails
    ['1.9.9', '2.0.0', false],
    ['1.99.0', '2.0.0', false],
    // majors equal, app minor lower: fails
    ['2.6.9', '2.7.0', false],
    ['2.0.5', '2.1.0', false],
    // majors equal, minors equal: patch does not matter
    ['2.7.0', '2.7.9', true],
    ['2.7.9', '2.7.0', true],
    ['2.0.0', '2.0.0', true],
    // app ahead
    ['2.7.9', '2.0.0', true],
    ['3.0.0', '2.9.9', true],
    ['3.0.0', '2.0.0', true],
  ])('app %s against server %s → %s', (app, server, expected) => {
    const appVersion = parseVersion(app);
    const serverVersion = parseVersion(server);
    expect(appVersion).not.toBeNull();
    expect(serverVersion).not.toBeNull();
    if (appVersion && serverVersion) {
      expect(isApiVersionAccepted(appVersion, serverVersion)).toBe(expected);
    }
  });
});
