import { Capacitor } from '@capacitor/core';
import type { CredentialStore } from './credential-store-types.ts';
import { nativeCredentialStore } from './credential-store-native.ts';
import { webCredentialStore } from './credential-store-web.ts';

export * from './credential-store-types.ts';

/** The platform's keeper of passwords (issue 19): secure storage on phones, else the browser's. */
export function credentialStore(): CredentialStore {
  return Capacitor.isNativePlatform() ? nativeCredentialStore : webCredentialStore;
}
