const ORIGIN = /^[a-z][a-z\d+.-]*:\/\/[^/?#]*/i;

/** The non-empty path segments of a path or absolute URL; origin, query and hash are dropped. */
export function pathSegments(urlOrPath: string): string[] {
  const path = urlOrPath.trim().replace(ORIGIN, '').split(/[?#]/, 1)[0] ?? '';
  return path.split('/').filter((segment) => segment !== '');
}
