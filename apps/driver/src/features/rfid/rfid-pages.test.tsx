import { act, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RfidCard } from '@evc/contract';
import { setUser } from '../../lib/session/session-store.ts';
import { setTokens } from '../../lib/session/token-store.ts';
import { testUser } from '../../test/fixtures.ts';
import { fill, submitForm } from '../../test/ionic-events.ts';
import { namedPage, renderWithRouter } from '../../test/render-shell.tsx';
import { json, stubServer, type SeenRequest } from '../../test/stub-server.ts';
import { AddRfidByCodePage } from './add-rfid-by-code-page.tsx';
import { ManageUserRfidsPage } from './manage-user-rfids-page.tsx';
import { ScanNewCardPage } from './scan-new-card-page.tsx';

const later = new Date(Date.now() + 3_600_000).toISOString();
const pathOf = (request: SeenRequest) => new URL(request.url).pathname.replace(/^\/api/, '');

const card = (id: string, name: string, cardnumber: string): RfidCard => ({
  _id: id,
  uid: cardnumber,
  cardnumber,
  name,
  is_from_scan: false,
  userid: testUser._id,
  createdAt: '2026-03-01T10:00:00.000Z',
});

function renderAt(path: string, page: React.ReactNode) {
  return renderWithRouter(
    <Routes>
      <Route path={path} element={page} />
      <Route path="/manage-user-rfids" element={namedPage('Your RFID cards')()} />
    </Routes>,
    path,
  );
}

beforeEach(async () => {
  await setTokens({
    auth: { token: 'access', expiry: later },
    refresh: { token: 'refresh', expiry: later },
  });
  act(() => setUser(testUser));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('add-rfid-by-code (spec 000 §2)', () => {
  it('refuses a number that cannot be a card without calling the server', async () => {
    const seen = stubServer(() => json(500, {}));
    const { container } = renderAt('/add-rfid-by-code', <AddRfidByCodePage />);
    await fill(container, 'Card number', '12');
    await submitForm(container);
    expect(await screen.findByText(/4 to 20 letters and digits/)).toBeTruthy();
    expect(seen).toHaveLength(0);
  });

  it('links the card to the signed-in driver and shows their cards', async () => {
    const seen = stubServer(() => json(200, { data: card('r1', 'Spare', '04A21B9C') }));
    const { container } = renderAt('/add-rfid-by-code', <AddRfidByCodePage />);
    await fill(container, 'Card number', '04:a2:1b:9c');
    await fill(container, 'Name (optional)', 'Spare');
    await submitForm(container);
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/manage-user-rfids'),
    );
    expect(seen.map(pathOf)).toEqual(['/linkRFIDByCardnumber']);
    expect(seen[0]?.body).toEqual({ cardnumber: '04A21B9C', userid: 'u1', name: 'Spare' });
  });

  it('says so when the card is another driver’s', async () => {
    stubServer(() =>
      json(409, { code: 'RFID_LINKED_ELSEWHERE', message: 'already linked elsewhere' }),
    );
    const { container } = renderAt('/add-rfid-by-code', <AddRfidByCodePage />);
    await fill(container, 'Card number', 'CAFE0001');
    await submitForm(container);
    expect(await screen.findByText('This card is already linked to another account.')).toBeTruthy();
  });
});

describe('manage-user-rfids (spec 000 §2)', () => {
  it('lists the driver’s cards, and an empty list says so', async () => {
    const seen = stubServer(() =>
      json(200, { data: [card('r1', 'Work fob', 'AA11BB22'), card('r2', '', 'CC33DD44')] }),
    );
    renderAt('/manage-user-rfids-page', <ManageUserRfidsPage />);
    expect(await screen.findByText('Work fob')).toBeTruthy();
    expect(screen.getByText('AA11BB22')).toBeTruthy();
    // A card without a name is still named.
    expect(screen.getByText('RFID card')).toBeTruthy();
    expect(seen[0]?.body).toEqual({ userid: 'u1' });
  });

  it('says when no card is linked', async () => {
    stubServer(() => json(200, { data: [] }));
    renderAt('/manage-user-rfids-page', <ManageUserRfidsPage />);
    expect(await screen.findByText('No card is linked to your account yet.')).toBeTruthy();
  });
});

describe('scan-new-card (spec 000 §2, §8)', () => {
  it('says it cannot find the charger while scanning a card', async () => {
    stubServer(() => json(404, { code: 'CHARGER_NOT_FOUND', message: 'Charger Not Found' }));
    const { container } = renderAt('/scan-new-card', <ScanNewCardPage />);
    await fill(container, 'Charger ID', '0998');
    await submitForm(container);
    expect(
      await screen.findByText(/unable to find this charger while scanning your card/),
    ).toBeTruthy();
  });

  it('asks for a 4-digit charger number before calling the server', async () => {
    const seen = stubServer(() => json(500, {}));
    const { container } = renderAt('/scan-new-card', <ScanNewCardPage />);
    await fill(container, 'Charger ID', '12');
    await submitForm(container);
    expect(
      await screen.findByText('Please enter the 4-digit number shown on the charger.'),
    ).toBeTruthy();
    expect(seen).toHaveLength(0);
  });
});
