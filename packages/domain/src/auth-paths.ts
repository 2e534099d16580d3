import { pathSegments } from './url-path.ts';

/**
 * spec 000 §7: paths that never carry the access token. The original client matched these as
 * raw substrings; we match whole path segments, in order and contiguous, anywhere in the path, so
 * 'login' exempts '/login' and '/api/login' but not '/development/logout' or '/loginHistory'. An
 * entry ending in '/' ('/reset/') needs a further segment after it. '/refreshToken' is not
 * exempt: it carries a bearer token, the refresh token, which the client supplies itself.
 */
export const BEARER_EXEMPT_PATHS = [
  'login',
  'user/mfa/verify',
  'user/mfa/requestToken',
  'register/registration',
  'getAllCurrencies',
  'getAllLanguages',
  'getAllCountries',
  'uptimerobot',
  'forgotPassword',
  'resetPassword',
  '/reset/',
  '/guest/identifier',
  'apiversioncheck',
  '/guest/helpline',
  '/support',
  '/theming/api/read',
  '/guest/tokens',
] as const;

/** spec 000 §7: paths starting /assets (translation files, images) are exempt too. */
export const BEARER_EXEMPT_PREFIX = 'assets';

interface ExemptRule {
  segments: string[];
  needsMore: boolean;
}

const RULES: ExemptRule[] = BEARER_EXEMPT_PATHS.map((entry) => ({
  segments: entry.split('/').filter((segment) => segment !== ''),
  needsMore: entry.endsWith('/'),
}));

function matchesAt(path: string[], rule: ExemptRule, start: number): boolean {
  const end = start + rule.segments.length;
  if (rule.needsMore ? end >= path.length : end > path.length) return false;
  return rule.segments.every((segment, offset) => path[start + offset] === segment);
}

/** Whether a request to this path (or absolute URL) gets `Authorization: Bearer <access token>`. */
export function needsBearerToken(urlOrPath: string): boolean {
  const path = pathSegments(urlOrPath);
  if (path[0] === BEARER_EXEMPT_PREFIX) return false;
  return !RULES.some((rule) => path.some((_, start) => matchesAt(path, rule, start)));
}
