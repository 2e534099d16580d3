import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TransactionView } from '@evc/contract';
import { clockTime } from '@evc/domain';
import { testUser } from '../../test/fixtures.ts';
import { namedPage, renderWithRouter } from '../../test/render-shell.tsx';
import { finishedTransactionView, transactionView } from '../../test/transaction-view.ts';
import { ChargingCompletedPage } from './charging-completed-page.tsx';
import { ChargingInProgressPage } from './charging-in-progress-page.tsx';
import { StartChargingPage } from './start-charging-page.tsx';
import { VariableTariffPage } from './variable-tariff-page.tsx';
import { callsTo, fakeApi, ok, signedInAs } from './test-support.ts';
import { becomeGuest } from '../../lib/session/session-store.ts';
import { clearTokens } from '../../lib/session/token-store.ts';
import { fill, submitForm } from '../../test/ionic-events.ts';
import { tokenData } from '../../test/signed-in.ts';

const pages = (
  <Routes>
    <Route path="/start-charging" element={<StartChargingPage />} />
    <Route path="/charging-in-progress" element={<ChargingInProgressPage />} />
    <Route path="/charging-completed" element={<ChargingCompletedPage />} />
    <Route path="/guest/charging-completed" element={<ChargingCompletedPage />} />
    <Route path="/variable-tariff" element={<VariableTariffPage />} />
    <Route path="/charging-select-payment" element={namedPage('Select payment')()} />
  </Routes>
);

/** The session as the server answers it, changed by the test as the charger would change it. */
function liveSession(initial: TransactionView) {
  let current = initial;
  return {
    get: () => current,
    set: (next: TransactionView) => {
      current = next;
    },
  };
}

const location = () => screen.getByTestId('location').textContent;

beforeEach(async () => {
  await signedInAs(testUser);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** The capabilities of a charger that cannot do smart charging (no pause, no Charge now). */
const WITHOUT_SMART_CHARGING = {
  connectors: [{ connectornumber: 1, type: 'Type 2', maxPowerKw: 7 }],
  remoteStart: true,
  remoteStop: true,
  unlock: true,
  smartCharging: false,
  rfid: true,
  featureProfiles: ['Core'],
};

describe('StartChargingPage (spec 000 §2, §4)', () => {
  it('asks to plug in while pending, then follows the session into charging (polling without the stream)', async () => {
    const session = liveSession(
      transactionView({ state: 'pending', connectorStatus: 'Preparing' }),
    );
    const seen = fakeApi({ '/getTransactionByID': () => ok(session.get()) });
    renderWithRouter(pages, '/start-charging?transactionId=s1');
    expect(await screen.findByText('Connect the cable to your vehicle')).toBeTruthy();
    expect(callsTo(seen, '/events/sessions').length).toBeGreaterThan(0);
    session.set(transactionView({ state: 'charging' }));
    await waitFor(() => expect(location()).toBe('/charging-in-progress?transactionId=s1'));
  });

  it('explains a rejected start released the hold and offers to try again', async () => {
    fakeApi({
      '/getTransactionByID': () =>
        ok(
          transactionView({
            state: 'rejected',
            payment: { held: 3000, captured: null, status: 'released' },
          }),
        ),
    });
    renderWithRouter(pages, '/start-charging?transactionId=s1');
    expect(
      await screen.findByText(
        'The hold on your card has been released: you have not been charged.',
      ),
    ).toBeTruthy();
    const again = document.querySelector('ion-button') as HTMLElement & { routerLink?: string };
    expect(again.routerLink).toBe('/charging-select-payment?barcode=1001&connector=1');
  });
});

describe('ChargingInProgressPage (spec 000 §2, §4)', () => {
  it('shows live cost, kWh, power, time and hold used; pauses and resumes at once', async () => {
    const seen = fakeApi({
      '/getTransactionByID': () => ok(transactionView()),
      '/development/charger/pause/s1': () =>
        ok(
          transactionView({
            state: 'paused',
            pausedByDriver: true,
            connectorStatus: 'SuspendedEVSE',
            powerW: 0,
          }),
        ),
      '/development/charger/unpause/s1': () => ok(transactionView()),
    });
    renderWithRouter(pages, '/charging-in-progress?transactionId=s1');
    expect((await screen.findByTestId('live-kwh')).textContent).toBe('5.4 kWh');
    // Issue 19: the big figure is the cost; the hero's figures are not repeated below it.
    expect(screen.getByTestId('live-cost').textContent).toBe('£3.45');
    expect(screen.getByTestId('live-power').textContent).toBe('7.2\u00a0kW');
    expect(screen.getByTestId('live-elapsed').textContent).toMatch(/^\d{2,}:\d{2}:\d{2}$/);
    expect(screen.getByTestId('live-hold').textContent).toBe('£3.45 of £30.00');
    expect(
      screen.getByRole('progressbar', { name: 'Hold used' }).getAttribute('aria-valuenow'),
    ).toBe('11');
    expect(screen.getAllByText('7.2 kW')).toHaveLength(1);
    await userEvent.click(screen.getByText('Pause'));
    expect(await screen.findByText('Resume')).toBeTruthy();
    expect(callsTo(seen, '/development/charger/pause/s1')).toHaveLength(1);
    // Paused, the car draws nothing: '0 kW', read as every power is (never '0.0 kW').
    expect(screen.getByTestId('live-power').textContent).toBe('0\u00a0kW');
    expect(screen.getAllByText('Paused').length).toBeGreaterThan(0);
    // Resuming at once is a new press, not a repeat of the pause still in its debounce period.
    await userEvent.click(screen.getByText('Resume'));
    expect(await screen.findByText('Pause')).toBeTruthy();
    expect(callsTo(seen, '/development/charger/unpause/s1')).toHaveLength(1);
  });

  it('offers no pause at a charger without smart charging, and says why', async () => {
    fakeApi({
      '/getTransactionByID': () => ok(transactionView()),
      '/development/charger/capabilities/c1': () => ok(WITHOUT_SMART_CHARGING),
    });
    renderWithRouter(pages, '/charging-in-progress?transactionId=s1');
    expect((await screen.findByTestId('pause-unsupported')).textContent).toContain(
      "This charger can't pause a charge from the app",
    );
    expect(screen.queryByText('Pause')).toBeNull();
    expect(screen.getByText('Stop charging')).toBeTruthy();
  });

  it('offers Charge now (cleardefault) for a charge the charger holds, not Resume', async () => {
    const held = transactionView({
      state: 'paused',
      pausedByDriver: false,
      connectorStatus: 'SuspendedEVSE',
    });
    const seen = fakeApi({
      '/getTransactionByID': () => ok(held),
      '/development/charger/profile/cleardefault': () => ok(true),
    });
    renderWithRouter(pages, '/charging-in-progress?transactionId=s1');
    expect(
      await screen.findByText(/holding this charge back, following its charging schedule/),
    ).toBeTruthy();
    expect(screen.queryByText('Resume')).toBeNull();
    await userEvent.click(screen.getByText('Charge now'));
    expect(await screen.findByText(/We asked the charger to charge now/)).toBeTruthy();
    expect(callsTo(seen, '/development/charger/profile/cleardefault')[0]?.body).toEqual({
      transactionid: 's1',
    });
  });

  it('only says the charger holds the charge where it cannot do smart charging', async () => {
    fakeApi({
      '/getTransactionByID': () =>
        ok(transactionView({ state: 'paused', connectorStatus: 'SuspendedEVSE' })),
      '/development/charger/capabilities/c1': () => ok(WITHOUT_SMART_CHARGING),
    });
    renderWithRouter(pages, '/charging-in-progress?transactionId=s1');
    expect(await screen.findByText(/It will carry on when the charger allows/)).toBeTruthy();
    expect(screen.queryByText('Charge now')).toBeNull();
  });

  it('tells paused by the vehicle apart and resumes a paused charge', async () => {
    const first = fakeApi({
      '/getTransactionByID': () =>
        ok(transactionView({ state: 'pausedByVehicle', connectorStatus: 'SuspendedEV' })),
    });
    const view = renderWithRouter(pages, '/charging-in-progress?transactionId=s1');
    expect((await screen.findAllByText('Paused by the vehicle')).length).toBeGreaterThan(0);
    expect(screen.getByText('Pause')).toBeTruthy();
    expect(first).not.toHaveLength(0);
    view.unmount();

    const seen = fakeApi({
      '/getTransactionByID': () => ok(transactionView({ state: 'paused', pausedByDriver: true })),
      '/development/charger/unpause/s1': () => ok(transactionView()),
    });
    renderWithRouter(pages, '/charging-in-progress?transactionId=s1');
    await userEvent.click(await screen.findByText('Resume'));
    expect(await screen.findByText('Pause')).toBeTruthy();
    expect(callsTo(seen, '/development/charger/unpause/s1')).toHaveLength(1);
  });

  it('says so while the charger is offline', async () => {
    const session = liveSession(transactionView({ connectorStatus: 'Offline' }));
    fakeApi({ '/getTransactionByID': () => ok(session.get()) });
    renderWithRouter(pages, '/charging-in-progress?transactionId=s1');
    expect(await screen.findByText(/The charger has lost its connection/)).toBeTruthy();
  });

  it('stops and goes to the completed page, which waits for the end to be confirmed', async () => {
    const session = liveSession(transactionView());
    const seen = fakeApi({
      '/getTransactionByID': () => ok(session.get()),
      '/remoteStopTransaction': () => ok(session.get()),
    });
    renderWithRouter(pages, '/charging-in-progress?transactionId=s1');
    await userEvent.click(await screen.findByText('Stop charging'));
    await waitFor(() => expect(location()).toBe('/charging-completed?transactionId=s1'));
    expect(callsTo(seen, '/remoteStopTransaction')[0]?.body).toEqual({ transactionid: 's1' });
    expect(await screen.findByText('Finishing your charge')).toBeTruthy();
    session.set(finishedTransactionView());
    expect(await screen.findByText('Charging complete')).toBeTruthy();
  });
});

describe('ChargingCompletedPage (spec 000 §2, 001 §2)', () => {
  it('shows the summary, the payment, and the cost breakdown merged by rate', async () => {
    fakeApi({ '/getTransactionByID': () => ok(finishedTransactionView()) });
    const { container } = renderWithRouter(pages, '/charging-completed?transactionId=s1');
    await screen.findByText('Charging complete');
    expect(container.querySelector('.transaction-summary--complete')).toBeTruthy();
    expect(container.querySelector('[data-field="captured"] dd')?.textContent).toBe('£3.45');
    expect(container.querySelector('[data-field="held"] dd')?.textContent).toBe('£30.00');
    const rows = container.querySelectorAll('.cost-breakdown tbody tr');
    // Issue 19: the energy row, then the connection fee, adding up to the total.
    expect(rows).toHaveLength(2);
    expect(rows[0]?.textContent).toContain('5.4 kWh @ £0.45 / kWh');
    expect(rows[0]?.textContent).toContain('£2.45');
    expect(rows[1]?.textContent).toBe('Connection fee£1.00');
    expect(container.querySelector('.cost-breakdown tfoot')?.textContent).toBe('Total£3.45');
  });

  it('releases the cable and waits until the charger reports it out', async () => {
    let released = false;
    const seen = fakeApi({
      '/getTransactionByID': () => ok(finishedTransactionView()),
      '/unlockChargerConnector': () => ok({ status: 'Unlocked' }),
      '/connector/unlock/check': () =>
        ok({ released, status: released ? 'Available' : 'Finishing' }),
    });
    renderWithRouter(pages, '/charging-completed?transactionId=s1');
    await userEvent.click(await screen.findByText('Release the cable'));
    expect(
      await screen.findByText('The charger has unlocked the cable. You can unplug it now.'),
    ).toBeTruthy();
    released = true;
    expect(
      await screen.findByText('The cable is released. Thank you for charging with us.'),
    ).toBeTruthy();
    expect(callsTo(seen, '/unlockChargerConnector')[0]?.body).toEqual({
      chargerid: 'c1',
      connectorid: 1,
    });
    expect(callsTo(seen, '/connector/unlock/check')[0]?.url).toContain('userid=u1');
  });

  it('stopped with the cable in at an overstay tariff: says so, and follows the cost until it is paid', async () => {
    const finished = finishedTransactionView();
    const tariff = { ...finished.data.tariff, overstaycostperperiod: 200, overstayperiod: 1 };
    const waiting = finishedTransactionView({
      data: {
        ...finished.data,
        tariff,
        cost: {
          ...finished.data.cost,
          applied_cost: { ...finished.data.cost.applied_cost, total: 545 },
          parts: { ...finished.data.cost.parts, overstay: 200 },
        },
      },
      payment: { held: 3000, captured: null, status: 'held' },
    });
    const session = liveSession(waiting);
    fakeApi({ '/getTransactionByID': () => ok(session.get()) });
    const { container } = renderWithRouter(pages, '/charging-completed?transactionId=s1');
    expect(
      await screen.findByText(
        'Overstay fees apply while the car stays plugged in after charging. The payment is taken once you unplug.',
      ),
    ).toBeTruthy();
    session.set({ ...waiting, payment: { held: 3000, captured: 545, status: 'captured' } });
    await waitFor(() =>
      expect(container.querySelector('[data-field="captured"] dd')?.textContent).toBe('£5.45'),
    );
    expect(container.querySelector('[data-field="overstay"]')).toBeNull();
  });

  it('says why a charge ended while its charger was offline', async () => {
    fakeApi({
      '/getTransactionByID': () =>
        ok(finishedTransactionView({ endReason: 'charger-offline', connectorStatus: 'Offline' })),
    });
    renderWithRouter(pages, '/charging-completed?transactionId=s1');
    expect(await screen.findByText(/ended while the charger was offline/)).toBeTruthy();
  });

  it('e-mails the receipt', async () => {
    const seen = fakeApi({
      '/getTransactionByID': () => ok(finishedTransactionView()),
      '/development/stripe/receipts/send/generic': () => ok(true),
    });
    renderWithRouter(pages, '/charging-completed?transactionId=s1');
    await userEvent.click(await screen.findByText('E-mail me the receipt'));
    expect(await screen.findByText('Receipt sent to driver@example.com.')).toBeTruthy();
    expect(callsTo(seen, '/development/stripe/receipts/send/generic')[0]?.body).toEqual({
      transactionid: 's1',
    });
  });
});

describe('ChargingCompletedPage for a guest (issue 15)', () => {
  beforeEach(async () => {
    await clearTokens();
    await act(() => becomeGuest('G-ABCDEFGH12', tokenData('guest')));
  });

  it('sends the receipt to the address the guest gives, and shows the guest code to keep', async () => {
    const seen = fakeApi({
      '/getTransactionByID': () => ok(finishedTransactionView()),
      '/development/stripe/receipts/send/generic': () => ok(true),
    });
    const { container } = renderWithRouter(pages, '/guest/charging-completed?transactionId=s1');
    expect(await screen.findByText('Keep this code', { exact: false })).toBeTruthy();
    expect(screen.getByTestId('guest-code').textContent).toBe('G-ABCDEFGH12');

    await fill(container, 'Your e-mail address', 'not-an-address');
    await submitForm(container);
    expect(callsTo(seen, '/development/stripe/receipts/send/generic')).toHaveLength(0);

    await fill(container, 'Your e-mail address', ' guest@example.com ');
    await submitForm(container);
    expect(await screen.findByText('Receipt sent to guest@example.com.')).toBeTruthy();
    expect(callsTo(seen, '/development/stripe/receipts/send/generic')[0]?.body).toEqual({
      transactionid: 's1',
      email: 'guest@example.com',
    });
    await userEvent.click(screen.getByText('Done'));
    await waitFor(() => expect(location()).toBe('/guest/home'));
  });
});

describe('VariableTariffPage (spec 001 §2)', () => {
  it("charts the session's half-hourly tariff", async () => {
    const periods = Array.from({ length: 48 }, (_, index) => ({
      standard_rate: index < 14 ? 0.1 : 0.4,
      available: true,
    }));
    const session = transactionView();
    session.data.tariff = {
      ...session.data.tariff,
      variability: {
        twentyfourseven: true,
        regular_hours: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, periods })),
      },
    };
    fakeApi({ '/getTransactionByID': () => ok(session) });
    renderWithRouter(pages, '/variable-tariff?transactionId=s1');
    const chart = await screen.findByRole('region', { name: 'Price by time of day' });
    expect(chart.querySelectorAll('td')).toHaveLength(48);
  });

  it('says the rate of a flat tariff and its fees', async () => {
    fakeApi({ '/getTransactionByID': () => ok(transactionView()) });
    renderWithRouter(pages, '/variable-tariff?transactionId=s1');
    const wording = await screen.findByTestId('tariff-wording');
    expect(wording.querySelector('strong')?.textContent).toBe('45p/kWh');
    expect(wording.querySelector('li')?.textContent).toBe('Connection fee £1.00');
  });

  it("says both rates of a tariff with an alternate rate, in the driver's local time", async () => {
    const session = transactionView();
    session.data.tariff = { ...session.data.tariff, alternate_rate: 0.2, alternate_time: '20:00' };
    fakeApi({ '/getTransactionByID': () => ok(session) });
    renderWithRouter(pages, '/variable-tariff?transactionId=s1');
    const today = new Date();
    const local = (hours: number) =>
      clockTime(
        new Date(
          Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate(), hours, 0),
        ),
      );
    const wording = await screen.findByTestId('tariff-wording');
    expect(wording.querySelector('strong')?.textContent).toBe(
      `Day 45p/kWh · ${local(20)}–${local(0)} 20p/kWh`,
    );
  });
});
