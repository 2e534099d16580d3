import { describe, expect, it } from 'vitest';
import { pathSegments } from './url-path.ts';

describe('pathSegments', () => {
  it.each([
    ['/login', ['login']],
    ['login', ['login']],
    ['https://api.example.com/api/login?x=1#top', ['api', 'login']],
    ['http://localhost:8080', []],
    ['http://localhost:8080/', []],
    ['/development//guest/tokens/AB12/', ['development', 'guest', 'tokens', 'AB12']],
    ['evcharge://app/reset/abc', ['reset', 'abc']],
    ['', []],
  ])('%j → %j', (input, expected) => {
    expect(pathSegments(input)).toEqual(expected);
  });
});
