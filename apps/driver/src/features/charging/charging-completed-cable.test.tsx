import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testUser } from '../../test/fixtures.ts';
import { renderWithRouter } from '../../test/render-shell.tsx';
import { finishedTransactionView } from '../../test/transaction-view.ts';
import { ChargingCompletedPage } from './charging-completed-page.tsx';
import { callsTo, failure, fakeApi, ok, signedInAs } from './test-support.ts';

const pages = (
  <Routes>
    <Route path="/charging-completed" element={<ChargingCompletedPage />} />
  </Routes>
);
const RELEASED = 'The cable is released. Thank you for charging with us.';

beforeEach(async () => {
  await signedInAs(testUser);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the completed page opened again after the charge (a reload, a later visit)', () => {
  it('says the cable is released when the connector is Available, with no button to release it', async () => {
    const seen = fakeApi({
      '/getTransactionByID': () => ok(finishedTransactionView()),
      '/connector/unlock/check': () => ok({ released: true, status: 'Available' }),
    });
    renderWithRouter(pages, '/charging-completed?transactionId=s1');
    expect(await screen.findByText(RELEASED)).toBeTruthy();
    expect(screen.queryByText('Release the cable')).toBeNull();
    expect(callsTo(seen, '/unlockChargerConnector')).toHaveLength(0);
  });

  it('still offers the release when the charger says nothing of the cable (Offline)', async () => {
    fakeApi({
      '/getTransactionByID': () => ok(finishedTransactionView()),
      '/connector/unlock/check': () => ok({ released: true, status: 'Offline' }),
    });
    renderWithRouter(pages, '/charging-completed?transactionId=s1');
    expect(await screen.findByText('Release the cable')).toBeTruthy();
    expect(screen.queryByText(RELEASED)).toBeNull();
  });

  it('leaves the cable out of it once another driver charges at the connector', async () => {
    const seen = fakeApi({
      '/getTransactionByID': () => ok(finishedTransactionView()),
      '/connector/unlock/check': () =>
        failure(409, 'CONNECTOR_BUSY', 'This connector is already in use'),
    });
    renderWithRouter(pages, '/charging-completed?transactionId=s1');
    await screen.findByText('Charging complete');
    await waitFor(() => expect(callsTo(seen, '/connector/unlock/check')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByText('Release the cable')).toBeNull());
    expect(document.querySelector('.cable-release')).toBeNull();
  });
});
