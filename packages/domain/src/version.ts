export interface Version {
  major: number;
  minor: number;
  patch: number;
}

/** spec 000 §1: app version 2.7.9. */
export const APP_VERSION = '2.7.9';
/** spec 000 §7: GET /apiversioncheck reports API version 2.0.0. */
export const API_VERSION = '2.0.0';

const VERSION_PATTERN = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)$/;

/** Reads `major.minor.patch`; anything else (extra parts, leading zeros, spaces) is null. */
export function parseVersion(text: string): Version | null {
  const match = VERSION_PATTERN.exec(text);
  if (!match) return null;
  const [, major, minor, patch] = match;
  return { major: Number(major), minor: Number(minor), patch: Number(patch) };
}

function parseKnownVersion(text: string): Version {
  const version = parseVersion(text);
  if (!version) throw new RangeError(`Not a version: ${text}`);
  return version;
}

export const APP_VERSION_PARTS: Version = parseKnownVersion(APP_VERSION);
export const API_VERSION_PARTS: Version = parseKnownVersion(API_VERSION);

/**
 * spec 000 §5: the check fails when the app's major is lower than the server's, or the majors are
 * equal and the app's minor is lower. Patch never matters; a newer app is always accepted.
 */
export function isApiVersionAccepted(app: Version, server: Version): boolean {
  if (app.major !== server.major) return app.major > server.major;
  return app.minor >= server.minor;
}
