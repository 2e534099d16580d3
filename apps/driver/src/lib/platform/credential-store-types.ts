/** The name and password "keep me logged in" keeps (spec 000 §3: stored credentials). */
export interface SignInCredentials {
  username: string;
  password: string;
}

/**
 * Where the platform keeps a password (issue 19): never in the app's own storage. On the web the
 * browser's password manager, on Android and iOS the system's secure storage.
 */
export interface CredentialStore {
  /** Keeps the name and password, replacing any kept before. */
  save(credentials: SignInCredentials): Promise<void>;
  /** What is kept, when the platform hands it over without asking the driver; else null. */
  load(): Promise<SignInCredentials | null>;
  /** Logout: nothing kept is handed back to the app on its own any more. */
  clear(): Promise<void>;
}
