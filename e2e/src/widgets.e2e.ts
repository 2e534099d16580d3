import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { callApi, operatorToken, submitSignIn } from './app.ts';
import {
  DESKTOP,
  launchBrowser,
  newPhonePage,
  ONBOARDING_COMPLETED_KEY,
  PHONE,
  shoot,
} from './browser.ts';
import { overflowing, SMALL_PHONE } from './layout-checks.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;

/** A charger whose name is longer than a phone is wide, with fees a driver may not expect. */
const LONG_NAME = 'Scarborough South Bay Promenade Hub';

beforeAll(async () => {
  browser = await launchBrowser();
  const token = await operatorToken(baseUrl, 'e2e-widgets');
  await callApi(
    baseUrl,
    '/operator/chargers',
    {
      chargePointId: 'E2E-SCARBOROUGH',
      barcode: '7755',
      name: LONG_NAME,
      address: 'Foreshore Road',
      city: 'Scarborough',
      post_code: 'YO11 1PB',
      country: 'GB',
      lat: 54.2813,
      lon: -0.3985,
      password: 'scarborough-bay-1',
      connectors: [{ connectornumber: 1, type: 'CCS', maxPowerKw: 50 }],
      tariff: {
        standard_rate: 0.59,
        currency: 'GBP',
        connection_cost: 50,
        overstaycostperperiod: 100,
        overstayperiod: 10,
        overstaygraceperiod: 15,
      },
    },
    token,
  );
});

afterAll(async () => {
  await browser.close();
});

const onboarding = (page: Page) => page.locator('ion-modal.onboarding-modal');

/** The slide on show: current for screen readers and scrolled into the carousel's view. */
async function slideShown(page: Page, key: string): Promise<void> {
  await onboarding(page)
    .locator(`.onboarding-slide[data-slide="${key}"][aria-hidden="false"]`)
    .waitFor();
  await page.waitForFunction((slide) => {
    const element = document.querySelector(`.onboarding-slide[data-slide="${slide}"]`);
    const track = element?.parentElement;
    if (!element || !track) return false;
    return Math.abs(element.getBoundingClientRect().left - track.getBoundingClientRect().left) < 2;
  }, key);
}

/** The modal has finished coming in (Ionic fades its frame in, inside its shadow root). */
const presented = (page: Page) =>
  page.waitForFunction(() => {
    const frame = document
      .querySelector('ion-modal.onboarding-modal')
      ?.shadowRoot?.querySelector('.modal-wrapper');
    return frame !== null && frame !== undefined && getComputedStyle(frame).opacity === '1';
  });

const onboardingDone = (page: Page) =>
  page.evaluate((key) => window.localStorage.getItem(key), ONBOARDING_COMPLETED_KEY);

test('a first launch shows the onboarding: bullets jump, a swipe and Next walk to the end, and it does not come back', async () => {
  const { context, page } = await newPhonePage(browser, { firstLaunch: true });
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/content security policy/i.test(message.text())) refused.push(message.text());
  });
  await page.goto(`${baseUrl}/login`);
  await slideShown(page, 'find');
  await presented(page);
  await shoot(page, 'onboarding-first-slide');
  // The illustrations are drawn inline without styles or scripts the page's policy would refuse.
  expect(refused).toEqual([]);

  await onboarding(page).getByRole('button', { name: 'Slide 3 of 4' }).click();
  await slideShown(page, 'start');
  await onboarding(page).getByRole('button', { name: 'Slide 1 of 4' }).click();
  await slideShown(page, 'find');

  // A swipe is the carousel's own scrolling: it snaps to the next slide.
  const track = onboarding(page).locator('.onboarding-carousel__track');
  await track.hover();
  await page.mouse.wheel(200, 0);
  await slideShown(page, 'pay');

  const next = onboarding(page).locator('ion-button', { hasText: 'Next' });
  await next.click();
  await slideShown(page, 'start');
  await next.click();
  await slideShown(page, 'follow');
  await shoot(page, 'onboarding-last-slide');
  expect(await onboardingDone(page)).toBeNull();

  await next.click();
  await onboarding(page).locator('.onboarding-slide').first().waitFor({ state: 'detached' });
  expect(await onboardingDone(page)).toBe('true');
  await page.getByRole('button', { name: 'Sign in' }).waitFor();

  // Shown once per device: after a reload the version check passes and nothing opens.
  const onboardingCode: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('onboarding')) onboardingCode.push(request.url());
  });
  const versionChecked = page.waitForResponse((response) =>
    /\/api\/apiversioncheck/i.test(response.url()),
  );
  await page.reload();
  await versionChecked;
  await page.getByRole('button', { name: 'Sign in' }).waitFor();
  await page.evaluate(
    () => new Promise((drawn) => requestAnimationFrame(() => requestAnimationFrame(drawn))),
  );
  expect(await page.locator('.onboarding-slide').count()).toBe(0);
  expect(onboardingCode).toEqual([]);
  await context.close();
});

test('Skip closes the onboarding for good', async () => {
  const { context, page } = await newPhonePage(browser, { firstLaunch: true });
  await page.goto(`${baseUrl}/login`);
  await slideShown(page, 'find');
  await onboarding(page).locator('ion-button', { hasText: 'Skip' }).click();
  await onboarding(page).locator('.onboarding-slide').first().waitFor({ state: 'detached' });
  expect(await onboardingDone(page)).toBe('true');
  await context.close();
});

/** The name's font size once the page's heading holds the whole name on one line, on screen. */
async function nameFits(page: Page): Promise<number> {
  const size = await page.waitForFunction(() => {
    const heading = document.querySelector('.page-view__title');
    const name = heading?.querySelector('.fit-text');
    if (!heading || !(name instanceof HTMLElement)) return null;
    const box = name.getBoundingClientRect();
    const fits = name.scrollWidth <= name.clientWidth + 1 && box.right <= window.innerWidth;
    return fits ? parseFloat(getComputedStyle(name).fontSize) : null;
  });
  return Number(await size.jsonValue());
}

/** Waits for the name to be drawn smaller or larger than `before`, and to fit. */
async function nameResized(page: Page, direction: 'smaller' | 'larger', before: number) {
  await page.waitForFunction(
    ([towards, size]) => {
      const name = document.querySelector('.page-view__title .fit-text');
      if (!name) return false;
      const now = parseFloat(getComputedStyle(name).fontSize);
      return towards === 'smaller' ? now < size : now > size;
    },
    [direction, before] as const,
  );
  return nameFits(page);
}

test('a long charger name fits one line, and the tariff’s fees explain themselves on hover', async () => {
  const { context, page } = await newPhonePage(browser);
  await page.goto(`${baseUrl}/login`);
  await submitSignIn(page, 'driver@example.com', 'Driver-pass-2026');
  await page.waitForURL('**/home');
  await page.goto(`${baseUrl}/charger-details/7755`);
  await page.getByRole('heading', { name: LONG_NAME }).waitFor();

  const phoneSize = await nameFits(page);
  expect(await overflowing(page)).toEqual([]);

  // A smaller phone draws it smaller, a desktop larger, once the width has settled.
  await page.setViewportSize(SMALL_PHONE);
  await nameResized(page, 'smaller', phoneSize);
  expect(await overflowing(page)).toEqual([]);
  await page.setViewportSize(DESKTOP);
  await nameResized(page, 'larger', phoneSize);

  await page.setViewportSize(PHONE);
  const overstay = page.getByRole('button', { name: /Overstay/ });
  await overstay.hover();
  const tooltip = page.getByRole('tooltip');
  await tooltip.getByText('15 minutes to unplug and move it').waitFor();
  const box = await tooltip.boundingBox();
  expect(box?.width).toBeLessThanOrEqual(400);
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
  expect(await overstay.getAttribute('aria-describedby')).toBe(await tooltip.getAttribute('id'));
  await shoot(page, 'charger-long-name-popover');
  await overstay.hover();
  await tooltip.waitFor();
  await page.mouse.move(5, 5);
  await tooltip.waitFor({ state: 'detached' });
  await context.close();
});
