import { Capacitor } from '@capacitor/core';

/** spec 000 §4: once dismissed, the install prompt never shows again on this device. */
export const INSTALL_DISMISSED_KEY = 'dismissedPwaPrompt';

/** Chromium's install event (not in the DOM typings). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

export function isBeforeInstallPromptEvent(event: Event): event is BeforeInstallPromptEvent {
  return 'prompt' in event && typeof (event as { prompt?: unknown }).prompt === 'function';
}

export type InstallPlatform = 'ios' | 'other';

export interface InstallEnvironment {
  isNative: boolean;
  isStandalone: boolean;
  userAgent: string;
  dismissed: boolean;
}

export function readInstallEnvironment(): InstallEnvironment {
  const navigatorStandalone =
    (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return {
    isNative: Capacitor.isNativePlatform(),
    isStandalone: navigatorStandalone || window.matchMedia('(display-mode: standalone)').matches,
    userAgent: navigator.userAgent,
    dismissed: window.localStorage.getItem(INSTALL_DISMISSED_KEY) === 'true',
  };
}

/** iPhone and iPad Safari: no install event, so the prompt explains the share menu instead. */
export function isIosSafari(userAgent: string): boolean {
  const ios = /iPad|iPhone|iPod/.test(userAgent);
  const otherBrowser = /CriOS|FxiOS|EdgiOS|OPiOS/.test(userAgent);
  return ios && !otherBrowser && /Safari/.test(userAgent);
}

/** Only in browsers (not the native app), not already installed, not dismissed before. */
export function installPromptAllowed(environment: InstallEnvironment): boolean {
  return !environment.isNative && !environment.isStandalone && !environment.dismissed;
}

export function dismissInstallPrompt(): void {
  window.localStorage.setItem(INSTALL_DISMISSED_KEY, 'true');
}
