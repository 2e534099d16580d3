import type { CredentialStore, SignInCredentials } from './credential-store-types.ts';

/** The Credential Management API's password credential (Chromium browsers), as far as we use it. */
interface PasswordCredentialLike {
  readonly type: string;
  readonly id: string;
  readonly password?: string;
}

type PasswordCredentialConstructor = new (data: {
  id: string;
  password: string;
  name?: string;
}) => Credential;

/** The browser's password credential type, when it has one. */
function passwordCredentialType(): PasswordCredentialConstructor | null {
  const type: unknown = Reflect.get(globalThis, 'PasswordCredential');
  return typeof type === 'function' ? (type as PasswordCredentialConstructor) : null;
}

function credentialsContainer(): CredentialsContainer | null {
  return typeof navigator !== 'undefined' && 'credentials' in navigator
    ? navigator.credentials
    : null;
}

/**
 * The web: the name and password go to the browser's password manager through the Credential
 * Management API. A browser without it still offers to save them from the sign-in form (its
 * inputs say `username` and `current-password`); the app itself never writes the password down.
 */
export const webCredentialStore: CredentialStore = {
  async save({ username, password }: SignInCredentials) {
    const container = credentialsContainer();
    const PasswordCredential = passwordCredentialType();
    if (!container || !PasswordCredential) return;
    try {
      await container.store(new PasswordCredential({ id: username, password, name: username }));
    } catch {
      // The browser declined (no password manager, or the driver turned saving off).
    }
  },
  async load() {
    const container = credentialsContainer();
    if (!container || !passwordCredentialType()) return null;
    try {
      // 'silent': never an account chooser on the sign-in page; after logout the browser hands
      // nothing over until the driver signs in again.
      const found: PasswordCredentialLike | null = await container.get({
        password: true,
        mediation: 'silent',
      } as CredentialRequestOptions);
      if (found?.type === 'password' && typeof found.password === 'string') {
        return { username: found.id, password: found.password };
      }
    } catch {
      // Not allowed here (a frame, an insecure origin): nothing to fill in.
    }
    return null;
  },
  async clear() {
    try {
      await credentialsContainer()?.preventSilentAccess();
    } catch {
      // Nothing was handed over silently in this browser.
    }
  },
};
