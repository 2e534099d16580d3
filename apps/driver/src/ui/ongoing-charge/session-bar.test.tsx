import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TransactionView } from '@evc/contract';
import { useLatestChargingSession } from '../../lib/charging-session/use-latest-charging-session.ts';
import { testUser } from '../../test/fixtures.ts';
import { renderWithRouter } from '../../test/render-shell.tsx';
import { signedInAs } from '../../test/signed-in.ts';
import { fakeApi, ok } from '../../test/stub-server.ts';
import { finishedTransactionView, transactionView } from '../../test/transaction-view.ts';
import { SessionBar } from './session-bar.tsx';

/** Shown once the latest-charge answer is in: the bar has rendered it by then too. */
function LatestAnswered() {
  return useLatestChargingSession().isFetched ? <output data-testid="latest-answered" /> : null;
}

function running(overrides: Partial<TransactionView> = {}): TransactionView {
  const view = transactionView(overrides);
  return {
    ...view,
    data: {
      ...view.data,
      cost: { ...view.data.cost, applied_cost: { ...view.data.cost.applied_cost, total: 42 } },
    },
  };
}

beforeEach(async () => {
  await signedInAs(testUser);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const bar = () => document.querySelector<HTMLAnchorElement>('a.session-bar');

describe('the running session’s bar on every page (issue 19)', () => {
  it.each<[string, Partial<TransactionView>, string, string]>([
    [
      'a charging session: state, cost so far and power',
      { state: 'charging', powerW: 11000 },
      'Charging · £0.42 · 11 kW',
      '/charging-in-progress?transactionId=s1',
    ],
    [
      'power below 10 kW to one decimal',
      { state: 'charging', powerW: 7360 },
      'Charging · £0.42 · 7.4 kW',
      '/charging-in-progress?transactionId=s1',
    ],
    [
      'no power before the first sample',
      { state: 'charging', powerW: null },
      'Charging · £0.42',
      '/charging-in-progress?transactionId=s1',
    ],
    [
      'a pause by the vehicle, without the last power',
      { state: 'paused', pausedByDriver: false, powerW: 11000 },
      'Paused by the vehicle · £0.42',
      '/charging-in-progress?transactionId=s1',
    ],
    [
      'a pause by the driver',
      { state: 'paused', pausedByDriver: true, powerW: null },
      'Paused · £0.42',
      '/charging-in-progress?transactionId=s1',
    ],
    [
      'a session waiting for the cable, opening the plug-in page',
      { state: 'pending', powerW: null },
      'Waiting for the cable · £0.42',
      '/start-charging?transactionId=s1',
    ],
  ])('shows %s', async (_, overrides, text, opens) => {
    fakeApi({ '/development/transaction/user/latest': () => ok(running(overrides)) });
    renderWithRouter(<SessionBar guest={false} />, '/settings');
    expect(await screen.findByText(text)).toBeTruthy();
    expect(bar()?.getAttribute('href')).toBe(opens);
  });

  it('opens a guest’s session among the guest pages', async () => {
    fakeApi({ '/development/transaction/user/latest': () => ok(running({ powerW: 11000 })) });
    renderWithRouter(<SessionBar guest />, '/guest/findcharger');
    await screen.findByText('Charging · £0.42 · 11 kW');
    expect(bar()?.getAttribute('href')).toBe('/guest/charging-in-progress?transactionId=s1');
  });

  it.each<[string, TransactionView | null, string]>([
    ['on the session’s own page', running(), '/charging-in-progress?transactionId=s1'],
    ['on the guest’s session page', running(), '/guest/charging-in-progress?transactionId=s1'],
    ['on the plug-in page', running({ state: 'pending' }), '/start-charging?transactionId=s1'],
    ['for a finished charge', finishedTransactionView(), '/settings'],
    ['for a rejected start', running({ state: 'rejected' }), '/settings'],
    ['without any charge', null, '/settings'],
  ])('is not shown %s', async (_, latest, address) => {
    fakeApi({ '/development/transaction/user/latest': () => ok(latest) });
    renderWithRouter(
      <>
        <SessionBar guest={false} />
        <LatestAnswered />
      </>,
      address,
    );
    await screen.findByTestId('latest-answered');
    expect(bar()).toBeNull();
  });
});
