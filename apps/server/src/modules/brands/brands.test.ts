import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

test('the manifest is the brand of the requested host', async () => {
  const voltway = await t.app.inject({
    url: '/manifest.webmanifest',
    headers: { host: 'voltway.localhost:8080' },
  });
  expect(voltway.statusCode).toBe(200);
  expect(voltway.headers['content-type']).toMatch(/^application\/manifest\+json/);
  expect(voltway.json()).toMatchObject({
    name: 'Voltway',
    theme_color: '#1565c0',
    icons: [{ src: '/brand-icon/voltway.svg' }],
  });
  const plain = await t.app.inject({
    url: '/manifest.webmanifest',
    headers: { host: 'localhost:8080' },
  });
  expect(plain.json()).toMatchObject({ name: 'EV Charge' });
});

test('each brand icon is served as SVG; an unknown one is a 404', async () => {
  const icon = await t.app.inject({ url: '/brand-icon/oasis-ev-eea.svg' });
  expect(icon.statusCode).toBe(200);
  expect(icon.headers['content-type']).toMatch(/^image\/svg\+xml/);
  expect(icon.body).toContain('<title>Oasis EV</title>');
  const unknown = await t.app.inject({ url: '/brand-icon/nobody.svg' });
  expect(unknown.statusCode).toBe(404);
  expect(unknown.json()).toMatchObject({ code: 'NOT_FOUND' });
  const notSvg = await t.app.inject({ url: '/brand-icon/voltway.png' });
  expect(notSvg.statusCode).toBe(404);
});
