import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testUser } from '../../test/fixtures.ts';
import { renderWithRouter } from '../../test/render-shell.tsx';
import { stubServer } from '../../test/stub-server.ts';
import { tokenData } from '../../test/signed-in.ts';
import { becomeGuest } from '../../lib/session/session-store.ts';
import { clearTokens } from '../../lib/session/token-store.ts';
import { ChargingCompletedPage } from './charging-completed-page.tsx';
import { apiPath, callsTo, failure, fakeApi, signedInAs } from './test-support.ts';

const pages = (
  <Routes>
    <Route path="/charging-completed" element={<ChargingCompletedPage />} />
    <Route path="/guest/charging-completed" element={<ChargingCompletedPage />} />
  </Routes>
);

const NO_CHARGE = 'There is no charge to show here.';
const location = () => screen.getByTestId('location').textContent;
const spinner = () => document.querySelector('ion-spinner');

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ChargingCompletedPage without a charge to show', () => {
  beforeEach(async () => {
    await signedInAs(testUser);
  });

  it('opened without a transactionId (a bookmark): says so and leads to the charge history', async () => {
    const seen = fakeApi({});
    renderWithRouter(pages, '/charging-completed');
    expect(await screen.findByText(NO_CHARGE)).toBeTruthy();
    expect(spinner()).toBeNull();
    expect(callsTo(seen, '/getTransactionByID')).toHaveLength(0);
    await userEvent.click(screen.getByText('See your charge history'));
    await waitFor(() => expect(location()).toBe('/chargehistory'));
  });

  it('opened with a charge the driver cannot read: the same words, and a way to a charger', async () => {
    fakeApi({
      '/getTransactionByID': () => failure(404, 'TRANSACTION_NOT_FOUND', 'Transaction Not Found'),
    });
    renderWithRouter(pages, '/charging-completed?transactionId=someone-elses');
    expect(await screen.findByText(NO_CHARGE)).toBeTruthy();
    expect(screen.queryByText('Transaction Not Found')).toBeNull();
    expect(screen.getByText('See your charge history')).toBeTruthy();
    await userEvent.click(screen.getByText('Find a charger'));
    await waitFor(() => expect(location()).toBe('/findcharger'));
  });

  it('offline, still says there is no connection rather than that there is no charge', async () => {
    stubServer((request) =>
      apiPath(request) === '/getTransactionByID'
        ? Promise.reject(new TypeError('Failed to fetch'))
        : failure(404, 'NOT_FOUND', 'no route'),
    );
    renderWithRouter(pages, '/charging-completed?transactionId=s1');
    expect(await screen.findByText('No Internet Connection')).toBeTruthy();
    expect(screen.queryByText(NO_CHARGE)).toBeNull();
  });
});

describe('ChargingCompletedPage without a charge, for a guest (issue 15)', () => {
  beforeEach(async () => {
    await clearTokens();
    await act(() => becomeGuest('G-ABCDEFGH12', tokenData('guest')));
  });

  it('leads to finding a charger among the guest pages, with no charge history to offer', async () => {
    fakeApi({});
    renderWithRouter(pages, '/guest/charging-completed');
    expect(await screen.findByText(NO_CHARGE)).toBeTruthy();
    expect(screen.queryByText('See your charge history')).toBeNull();
    await userEvent.click(screen.getByText('Find a charger'));
    await waitFor(() => expect(location()).toBe('/guest/findcharger'));
  });
});
