import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, testConfig, type TestApp } from '../../test/test-app.ts';

// Served beside a built app, as in production, so the app's files and fallback are in play.
let t: TestApp;
let staticDir: string;
beforeAll(async () => {
  staticDir = await mkdtemp(path.join(tmpdir(), 'evc-brands-'));
  await writeFile(path.join(staticDir, 'index.html'), '<!doctype html><title>driver app</title>');
  t = await createTestApp({ config: testConfig({ staticDir }) });
});
afterAll(async () => {
  await t.close();
  await rm(staticDir, { recursive: true, force: true });
});

const manifestFor = (host: string) =>
  t.app.inject({ url: '/manifest.webmanifest', headers: { host } });

describe('GET /manifest.webmanifest', () => {
  test('is the manifest of the brand the requested host shows', async () => {
    const voltway = await manifestFor('voltway.localhost:8080');
    expect(voltway.statusCode).toBe(200);
    expect(voltway.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(voltway.headers.vary).toMatch(/Host/);
    expect(voltway.json()).toMatchObject({
      name: 'Voltway',
      start_url: '/',
      display: 'standalone',
      theme_color: '#1565c0',
      icons: [{ src: '/brand-icon/voltway.svg', type: 'image/svg+xml' }],
    });
    expect((await manifestFor('APP.OASISEV.EXAMPLE.AE')).json()).toMatchObject({
      name: 'Oasis EV',
      icons: [{ src: '/brand-icon/oasis-ev.svg' }],
    });
  });

  test.each(['localhost:8080', '127.0.0.1', 'unknown.example.net'])(
    '%s gets the default brand',
    async (host) => {
      expect((await manifestFor(host)).json()).toMatchObject({
        name: 'EV Charge',
        icons: [{ src: '/brand-icon/evcharge.svg' }],
      });
    },
  );
});

describe('GET /brand-icon/:id.svg', () => {
  test('serves the brand icon as a cacheable SVG document', async () => {
    const icon = await t.app.inject({ url: '/brand-icon/oasis-ev-eea.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(icon.headers['cache-control']).toMatch(/max-age=\d+/);
    expect(icon.body).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(icon.body).toContain('<title>Oasis EV</title>');
    const voltway = await t.app.inject({ url: '/brand-icon/voltway.svg' });
    expect(voltway.body).toContain('<title>Voltway</title>');
  });

  test.each(['/brand-icon/nobody.svg', '/brand-icon/voltway.png', '/brand-icon/'])(
    '%s is a JSON 404, not the app page',
    async (url) => {
      const response = await t.app.inject({ url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
    },
  );
});
