import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { submitSignIn } from './app.ts';
import { launchBrowser, newPhonePage, shoot } from './browser.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;

/** The built-in base map's colours (apps/driver/src/features/chargers/base-map-style.ts). */
const SEA = [0xaa, 0xd3, 0xdf] as const;
const LAND = [0xf2, 0xef, 0xe9] as const;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser.close();
});

/** The share of the element's pixels in each colour, read from a screenshot in the page. */
async function colourShares(page: Page, element: Locator, colours: readonly (readonly number[])[]) {
  const png = (await element.screenshot()).toString('base64');
  return page.evaluate(
    async ({ png, colours }) => {
      const bytes = Uint8Array.from(atob(png), (character) => character.charCodeAt(0));
      const image = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
      const canvas = new OffscreenCanvas(image.width, image.height);
      const context = canvas.getContext('2d');
      if (!context) return colours.map(() => 0);
      context.drawImage(image, 0, 0);
      const { data } = context.getImageData(0, 0, image.width, image.height);
      const counts = colours.map(() => 0);
      for (let at = 0; at < data.length; at += 4) {
        colours.forEach(([red, green, blue], index) => {
          const near =
            Math.abs((data[at] ?? 0) - (red ?? 0)) <= 2 &&
            Math.abs((data[at + 1] ?? 0) - (green ?? 0)) <= 2 &&
            Math.abs((data[at + 2] ?? 0) - (blue ?? 0)) <= 2;
          if (near) counts[index] = (counts[index] ?? 0) + 1;
        });
      }
      return counts.map((count) => count / (image.width * image.height));
    },
    { png, colours },
  );
}

test('with no network beyond our own origin the map draws its built-in land, sea and towns', async () => {
  const { context, page } = await newPhonePage(browser);
  const origin = new URL(baseUrl).origin;
  const blocked: string[] = [];
  await context.route('**/*', async (route) => {
    const url = route.request().url();
    if (url.startsWith(origin) || url.startsWith('data:') || url.startsWith('blob:')) {
      await route.fallback();
    } else {
      blocked.push(url);
      await route.abort('internetdisconnected');
    }
  });
  await page.goto(`${baseUrl}/login`);
  await submitSignIn(page, 'driver@example.com', 'Driver-pass-2026');
  await page.waitForURL('**/home');
  await page.goto(`${baseUrl}/findcharger`);
  await page.locator('.finder-row').first().waitFor();
  await page.locator('ion-segment-button', { hasText: 'Map' }).click();
  const map = page.getByTestId('charger-map');
  await map.locator('canvas').waitFor();

  // Britain at the first zoom: the sea around it and the land it stands on, not one grey.
  await expect
    .poll(async () => {
      const [sea = 0, land = 0] = await colourShares(page, map, [SEA, LAND]);
      return sea > 0.05 && land > 0.05;
    })
    .toBe(true);
  // Town names are drawn with the device's fonts: their dark text is on the map too.
  await expect
    .poll(async () => {
      const [dark = 0] = await colourShares(page, map, [[0x4a, 0x4a, 0x4a]]);
      return dark;
    })
    .toBeGreaterThan(0);
  await shoot(page, 'base-map');
  // Nothing the map drew came from another origin.
  expect(blocked.filter((url) => !url.includes('nominatim'))).toEqual([]);
  await context.close();
});
