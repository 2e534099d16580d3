import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import QRCode from 'qrcode';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { submitSignIn } from './app.ts';
import { launchBrowser, newPhonePage } from './browser.ts';

const baseUrl = inject('baseUrl');
const SCANNED = 'https://evcharge.app/c/1001';

/**
 * A Y4M video (Chromium's fake camera plays it in a loop) of one frame: a QR code holding `text`,
 * black on white, in the middle of a 320×240 picture.
 */
function qrCodeVideo(text: string, file: string): void {
  const width = 320;
  const height = 240;
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const scale = Math.floor(180 / modules.size);
  const left = Math.floor((width - modules.size * scale) / 2);
  const top = Math.floor((height - modules.size * scale) / 2);
  const luma = Buffer.alloc(width * height, 235);
  for (let y = 0; y < modules.size * scale; y += 1) {
    for (let x = 0; x < modules.size * scale; x += 1) {
      if (modules.get(Math.floor(y / scale), Math.floor(x / scale))) {
        luma[(top + y) * width + left + x] = 16;
      }
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  writeFileSync(
    file,
    Buffer.concat([
      Buffer.from(`YUV4MPEG2 W${width} H${height} F5:1 Ip A1:1 C420jpeg\nFRAME\n`),
      luma,
      chroma,
    ]),
  );
}

let browser: Browser;
let videoDir: string;

beforeAll(async () => {
  videoDir = mkdtempSync(join(tmpdir(), 'evc-e2e-camera-'));
  const video = join(videoDir, 'qr.y4m');
  qrCodeVideo(SCANNED, video);
  browser = await launchBrowser([
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
    `--use-file-for-fake-video-capture=${video}`,
    // WebGL for the map without a GPU.
    '--enable-unsafe-swiftshader',
  ]);
});

afterAll(async () => {
  await browser.close();
  rmSync(videoDir, { recursive: true, force: true });
});

/**
 * Every Content-Security-Policy violation the page's documents report, from the
 * `securitypolicyviolation` event and from Chromium's own console log ("Refused to …").
 */
async function watchViolations(context: BrowserContext, page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('reportCspViolation', (text: string) => violations.push(text));
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportCspViolation: (text: string) => void })
        .reportCspViolation;
      report(`${event.violatedDirective} blocked ${event.blockedURI} (${event.sourceFile})`);
    });
  });
  const cdp = await context.newCDPSession(page);
  cdp.on('Log.entryAdded', ({ entry }) => {
    if (/Content Security Policy/i.test(entry.text)) violations.push(entry.text);
  });
  await cdp.send('Log.enable');
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

test('the app is served with a Content-Security-Policy, and the API with a closed one', async () => {
  const page = await fetch(`${baseUrl}/login`);
  const policy = page.headers.get('content-security-policy') ?? '';
  expect(policy).toContain("default-src 'self'");
  expect(policy).toContain("script-src 'self' 'wasm-unsafe-eval' https://js.stripe.com");
  expect(policy).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
  const api = await fetch(`${baseUrl}/api/apiversioncheck`);
  expect(api.headers.get('content-security-policy')).toBe(
    "default-src 'none'; frame-ancestors 'none'",
  );
});

test('home, sign-in, the charger map and the scanner work under it without a violation', async () => {
  const { context, page } = await newPhonePage(browser);
  await context.grantPermissions(['camera'], { origin: baseUrl });
  const violations = await watchViolations(context, page);

  await page.goto(`${baseUrl}/login`);
  // Reloaded, the page is revalidated (304): it must keep the app's policy.
  await page.reload();
  await submitSignIn(page, 'driver@example.com', 'Driver-pass-2026');
  await page.waitForURL('**/home');

  // The map draws the chargers' clusters: MapLibre's worker and the cluster worker both run.
  await page.goto(`${baseUrl}/findcharger`);
  await page.locator('.finder-row').first().waitFor({ timeout: 30_000 });
  await page.locator('ion-segment-button', { hasText: 'Map' }).click();
  await page.locator('.finder-map__cluster').first().waitFor({ timeout: 30_000 });

  // The camera shows a charger's QR code: the WebAssembly reader reads it and opens the charger.
  await page.goto(`${baseUrl}/barcode-scanner`);
  await page.waitForURL('**/charger-details/1001', { timeout: 60_000 });
  await page.getByRole('heading', { name: 'Leeds Dock' }).waitFor();

  expect(violations).toEqual([]);
  await context.close();
});
