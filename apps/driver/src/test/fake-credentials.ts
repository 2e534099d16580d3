import { vi } from 'vitest';

/** A browser's password credential as the Credential Management API builds it. */
export class FakePasswordCredential {
  readonly type = 'password';
  readonly id: string;
  readonly password: string;
  readonly name: string | undefined;
  constructor(data: { id: string; password: string; name?: string }) {
    this.id = data.id;
    this.password = data.password;
    this.name = data.name;
  }
}

/**
 * A browser's password manager behind a fake navigator.credentials: it keeps what is stored, and
 * after preventSilentAccess hands nothing over silently until something is stored again.
 */
export function fakePasswordManager() {
  const saved = new Map<string, FakePasswordCredential>();
  let silentAllowed = true;
  const container = {
    store: vi.fn((credential: FakePasswordCredential) => {
      saved.set(credential.id, credential);
      silentAllowed = true;
      return Promise.resolve(credential);
    }),
    get: vi.fn((options: { password?: boolean; mediation?: string }) => {
      const [only] = saved.values();
      const silent = options.mediation === 'silent';
      return Promise.resolve(
        options.password && only && saved.size === 1 && (!silent || silentAllowed) ? only : null,
      );
    }),
    preventSilentAccess: vi.fn(() => {
      silentAllowed = false;
      return Promise.resolve();
    }),
  };
  vi.stubGlobal('PasswordCredential', FakePasswordCredential);
  Object.defineProperty(navigator, 'credentials', { value: container, configurable: true });
  return { saved, container };
}

/** A browser without the Credential Management API's passwords (Firefox, Safari). */
export function noPasswordCredentials(): void {
  vi.stubGlobal('PasswordCredential', undefined);
}
