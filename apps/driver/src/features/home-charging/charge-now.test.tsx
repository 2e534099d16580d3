import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ChargerSchedulesView, HomeChargerView } from '@evc/contract';
import { testUser } from '../../test/fixtures.ts';
import { renderWithRouter } from '../../test/render-shell.tsx';
import { signedInAs } from '../../test/signed-in.ts';
import { callsTo, fakeApi, ok, type SeenRequest } from '../../test/stub-server.ts';
import { transactionView } from '../../test/transaction-view.ts';
import { HomeChargerPage } from './home-charger-page.tsx';
import { homeCharger, homeSession } from './test-support.ts';

beforeEach(async () => {
  await signedInAs(testUser);
});

/** A Custom schedule with no slot: every minute of the week is outside it. */
const neverInside: ChargerSchedulesView = {
  scheduleType: 'CUSTOM',
  schedules: [
    {
      _id: 'all',
      name: 'Every day',
      days: ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'],
      slots: [],
      editable: true,
    },
  ],
};

function api(charger: HomeChargerView): SeenRequest[] {
  return fakeApi({
    '/development/charger/list/home': () => ok([charger]),
    '/getChargeHistory': () => ok([homeSession()]),
    '/development/transaction/user/latest': () =>
      ok(transactionView({ _id: 'run', chargerid: 'h1', chargerName: 'Garage' })),
    '/development/charger/schedules/h1': () => ok(neverInside),
    '/development/charger/profile/cleardefault': () => ok(true),
  });
}

function renderOverview() {
  return renderWithRouter(
    <Routes>
      <Route path="/home-charging/charger/:id" element={<HomeChargerPage />} />
    </Routes>,
    '/home-charging/charger/h1',
  );
}

describe('Charge now (spec 000 §7 cleardefault: a boost outside the schedule)', () => {
  it('a session running outside the schedule charges now for that session', async () => {
    const seen = api(homeCharger({ scheduleType: 'CUSTOM' }, 'SuspendedEVSE'));
    renderOverview();
    expect(
      await screen.findByText('Outside your charging schedule: the car waits for the next slot.'),
    ).toBeTruthy();
    await userEvent.click(screen.getByText('Charge now'));
    expect(
      await screen.findByText('Charging now, outside the schedule, for this session.'),
    ).toBeTruthy();
    expect(callsTo(seen, '/development/charger/profile/cleardefault')[0]?.body).toEqual({
      transactionid: 'run',
    });
    expect(screen.queryByText('Charge now')).toBeNull();
  });

  it('with No Schedule there is nothing to charge outside of', async () => {
    const seen = api(homeCharger({ scheduleType: 'NONE' }, 'Charging'));
    renderOverview();
    expect(await screen.findByText('Follow this charge')).toBeTruthy();
    expect(screen.queryByText('Charge now')).toBeNull();
    await waitFor(() => expect(callsTo(seen, '/development/charger/schedules/h1')).toHaveLength(0));
  });
});
