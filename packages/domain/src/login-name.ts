/** spec 000 §5: the login name is trimmed and lower-cased. */
export function normaliseLoginName(name: string): string {
  return name.trim().toLowerCase();
}
