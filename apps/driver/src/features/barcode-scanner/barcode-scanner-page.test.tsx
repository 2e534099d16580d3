import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Route, Routes } from 'react-router-dom';
import {
  ScannerError,
  type BarcodeScanner,
  type ScannerFailure,
} from '../../lib/platform/barcode-scanner.ts';
import { ionControl, typeInto } from '../../test/ionic-events.ts';
import { namedPage, renderWithRouter } from '../../test/render-shell.tsx';
import { BarcodeScannerPage } from './barcode-scanner-page.tsx';

/** A scanner faked at its interface: it records starts and stops and lets the test "read" codes. */
function fakeScanner(failure?: ScannerFailure) {
  const camera = { starts: 0, stops: 0, read: (_text: string) => undefined as void };
  const scanner: BarcodeScanner = {
    start(preview, onCode) {
      expect(preview).toBeInstanceOf(HTMLVideoElement);
      camera.starts += 1;
      if (failure) return Promise.reject(new ScannerError(failure));
      camera.read = (text) => act(() => onCode(text));
      return Promise.resolve({
        stop: () => {
          camera.stops += 1;
          return Promise.resolve();
        },
      });
    },
  };
  return { scanner, camera };
}

const ChargerPage = namedPage('Charger page');

function renderScanner(scanner: BarcodeScanner) {
  return renderWithRouter(
    <Routes>
      <Route path="/barcode-scanner" element={<BarcodeScannerPage scanner={scanner} />} />
      <Route path="/charger-details/:barcode" element={<ChargerPage />} />
    </Routes>,
    '/barcode-scanner',
  );
}

const location = () => screen.getByTestId('location').textContent;

describe('BarcodeScannerPage (spec 000 §2)', () => {
  it.each([
    ['a plain charger code', '1234', '/charger-details/1234'],
    [
      'a charger address in a QR code',
      'https://evcharge.app/c/5678?src=qr',
      '/charger-details/5678',
    ],
  ])('opens the charger of %s and turns the camera off', async (_, text, path) => {
    const { scanner, camera } = fakeScanner();
    renderScanner(scanner);
    expect(
      await screen.findByText('Point the camera at the QR code or barcode on the charger.'),
    ).toBeTruthy();
    camera.read(text);
    expect(await screen.findByText('Charger page')).toBeTruthy();
    expect(location()).toBe(path);
    expect(camera.stops).toBe(1);
  });

  it('says so when a code names no charger, and keeps scanning', async () => {
    const { scanner, camera } = fakeScanner();
    renderScanner(scanner);
    await screen.findByText('Point the camera at the QR code or barcode on the charger.');
    camera.read('https://example.com/menu');
    expect(
      screen.getByText(
        "That code is not a charger's code. Point the camera at the QR code on the charger.",
      ),
    ).toBeTruthy();
    expect(location()).toBe('/barcode-scanner');
    expect(camera.stops).toBe(0);
  });

  it('explains a refused camera and lets the driver type the code instead', async () => {
    const { scanner } = fakeScanner('denied');
    const { container } = renderScanner(scanner);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Camera not allowed');
    const input = ionControl(container, 'ion-input', 'Charger ID');
    await typeInto(input, '4321');
    const form = container.querySelector('form.charger-entry');
    if (!form) throw new Error('no charger entry');
    fireEvent.submit(form);
    expect(await screen.findByText('Charger page')).toBeTruthy();
    expect(location()).toBe('/charger-details/4321');
  });

  it('explains a missing camera and tries again on request', async () => {
    const { scanner, camera } = fakeScanner('unavailable');
    renderScanner(scanner);
    expect((await screen.findByRole('alert')).textContent).toContain('Camera unavailable');
    fireEvent.click(screen.getByText('Try the camera again'));
    await waitFor(() => expect(camera.starts).toBe(2));
  });

  it('turns the camera off when the driver leaves the page', async () => {
    const { scanner, camera } = fakeScanner();
    const { unmount } = renderScanner(scanner);
    await screen.findByText('Point the camera at the QR code or barcode on the charger.');
    expect(camera.stops).toBe(0);
    unmount();
    expect(camera.stops).toBe(1);
  });
});
