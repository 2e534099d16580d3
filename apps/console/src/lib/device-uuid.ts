const KEY = 'evc-console-device';

/** The console's device id, sent with sign-in and refresh as the app sends its own. */
export function deviceUuid(): string {
  const known = localStorage.getItem(KEY);
  if (known) return known;
  const created = `console-${crypto.randomUUID()}`;
  localStorage.setItem(KEY, created);
  return created;
}
