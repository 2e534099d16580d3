import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM_FLAGS } from './chromium-flags.ts';

export const PHONE = { width: 390, height: 844 };

/**
 * How long a page may take to show what a test waits for. Waits end as soon as the condition
 * holds; the ceiling only bounds a hang, generous for a loaded machine.
 */
export const WAIT_CEILING_MS = 60_000;

/** Where the app keeps that this device has seen the onboarding (features/onboarding). */
export const ONBOARDING_COMPLETED_KEY = 'onboardingCompleted';

/**
 * A browser context whose waits use WAIT_CEILING_MS. It is a device that has seen the
 * first-launch onboarding, unless `firstLaunch` asks for a device that has not (widgets.e2e.ts).
 */
export async function newContext(
  browser: Browser,
  options: Parameters<Browser['newContext']>[0],
  { firstLaunch = false }: { firstLaunch?: boolean } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({ serviceWorkers: 'block', ...options });
  context.setDefaultTimeout(WAIT_CEILING_MS);
  if (!firstLaunch) {
    // The app's own page only: a frame (the console's masquerade view) keeps its storage empty.
    await context.addInitScript((key) => {
      if (window === window.top) window.localStorage.setItem(key, 'true');
    }, ONBOARDING_COMPLETED_KEY);
  }
  return context;
}

/** Lets menus close and floating labels finish moving (no animation running) before a screenshot. */
export async function animationsSettled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running'),
  );
}
export const DESKTOP = { width: 1280, height: 800 };

/**
 * With SCREENSHOT_DIR set, saves the page as a phone and as a desktop shows it
 * (`{name}-phone.png`, `{name}-desktop.png`), to look at what a test walked through.
 */
export async function shoot(page: Page, name: string): Promise<void> {
  const directory = process.env.SCREENSHOT_DIR;
  if (!directory) return;
  for (const [size, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    await page.setViewportSize(viewport);
    await animationsSettled(page);
    await page.screenshot({ path: `${directory}/${name}-${size}.png`, fullPage: true });
  }
  await page.setViewportSize(PHONE);
}

/** Chromium as a phone's browser would run the app; `extraArgs` adds switches (a fake camera). */
export async function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [...CHROMIUM_FLAGS, '--disable-quic', '--disable-sync', ...extraArgs],
  });
}

export async function newPhonePage(
  browser: Browser,
  options: { locale?: string; firstLaunch?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(
    browser,
    { viewport: PHONE, locale: options.locale ?? 'en-GB' },
    { firstLaunch: options.firstLaunch },
  );
  const page = await context.newPage();
  return { context, page };
}

interface OutboxMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  createdAt: string;
  kind: 'email' | 'sms';
}

/** Reads the newest message sent to `to`, waiting for it to arrive. */
export async function latestMessage(
  baseUrl: string,
  to: string,
  matches: (message: OutboxMessage) => boolean = () => true,
): Promise<OutboxMessage> {
  const deadline = Date.now() + WAIT_CEILING_MS;
  while (Date.now() < deadline) {
    const response = await fetch(`${baseUrl}/dev/outbox?to=${encodeURIComponent(to)}`);
    const body = (await response.json()) as { data: OutboxMessage[] };
    const found = body.data.find(matches);
    if (found) return found;
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error(`no message for ${to}`);
}

export function linkIn(text: string, pathPart: string): string {
  const match = text.match(new RegExp(`https?://\\S*${pathPart}\\S*`));
  if (!match) throw new Error(`no link containing ${pathPart} in: ${text}`);
  return match[0].replace(/[).,]+$/, '');
}

export function codeIn(text: string): string {
  const match = text.match(/\b(\d{6})\b/);
  if (!match) throw new Error(`no 6-digit code in: ${text}`);
  return match[1] ?? '';
}

/** A confirmed account of its own, made through the API, so no other test's account changes. */
export async function registeredAccount(
  baseUrl: string,
  email: string,
  password: string,
): Promise<void> {
  const started = await fetch(`${baseUrl}/api/startRegistration`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      user: {
        first_name: 'Morag',
        last_name: 'Reid',
        email,
        password,
        phone_number: '+44 7700 900789',
        address: { line1: '3 Shore Road', city: 'Oban', postcode: 'PA34 4LY', country: 'GB' },
        preferredCurrency: 'GBP',
        acceptedTerms: true,
        acceptedPrivacy: true,
      },
    }),
  });
  if (started.status !== 200) throw new Error(`startRegistration answered ${started.status}`);
  const link = linkIn((await latestMessage(baseUrl, email)).text, '/completeRegistration/');
  const token = link.split('/completeRegistration/')[1] ?? '';
  const completed = await fetch(`${baseUrl}/api/completeRegistration`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token, uuid: 'e2e-reset' }),
  });
  if (completed.status !== 200) {
    throw new Error(`completeRegistration answered ${completed.status}`);
  }
}

/** The URLs the page's service worker holds in the caches named `prefix…`. */
export function cachedUrls(page: Page, prefix: string): Promise<string[]> {
  return page.evaluate(async (cachePrefix) => {
    const urls: string[] = [];
    // Only caches that exist: opening one would create it.
    for (const name of await caches.keys()) {
      if (!name.startsWith(cachePrefix)) continue;
      const cache = await caches.open(name);
      urls.push(...(await cache.keys()).map((request) => request.url));
    }
    return urls;
  }, prefix);
}
