import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

/** Chromium as a phone's browser would run the app; `extraArgs` adds switches (a fake camera). */
export async function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-quic',
      '--disable-sync',
      ...extraArgs,
    ],
  });
}

export async function newPhonePage(
  browser: Browser,
  options: { locale?: string } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: PHONE,
    locale: options.locale ?? 'en-GB',
    serviceWorkers: 'block',
  });
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
  const deadline = Date.now() + 15_000;
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
