import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ChargerSchedulesView, PutChargerSchedulesRequest } from '@evc/contract';
import { findAlert, pressAlertButton } from '../../test/alerts.ts';
import { testUser } from '../../test/fixtures.ts';
import { select } from '../../test/ionic-events.ts';
import { namedPage, renderWithRouter } from '../../test/render-shell.tsx';
import { signedInAs } from '../../test/signed-in.ts';
import { callsTo, failure, fakeApi, ok, type SeenRequest } from '../../test/stub-server.ts';
import { ChargerSchedulesPage } from './charger-schedules-page.tsx';
import { homeCharger } from './test-support.ts';

beforeEach(async () => {
  await signedInAs(testUser);
});

const hours = (value: number) => value * 3600;
const PATH = '/development/charger/schedules/h1';

/** Weekdays 01:00–05:00 and Weekend 00:00–08:00, both editable. */
const custom: ChargerSchedulesView = {
  scheduleType: 'CUSTOM',
  schedules: [
    {
      _id: 'weekdays',
      name: 'Weekdays',
      days: ['MON', 'TUE', 'WED', 'THU', 'FRI'],
      slots: [{ _id: 'night', startSeconds: hours(1), endSeconds: hours(5) }],
      editable: true,
    },
    {
      _id: 'weekend',
      name: 'Weekend',
      days: ['SAT', 'SUN'],
      slots: [{ _id: 'lie-in', startSeconds: 0, endSeconds: hours(8) }],
      editable: true,
    },
  ],
};

const governmentDefault = {
  scheduleType: 'DEFAULT',
  schedule: {
    _id: 'default',
    name: 'UK default',
    days: ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'],
    slots: [
      { _id: 'default-1', startSeconds: 0, endSeconds: hours(8) },
      { _id: 'default-2', startSeconds: hours(11), endSeconds: hours(16) },
      { _id: 'default-3', startSeconds: hours(22), endSeconds: hours(24) },
    ],
    editable: false,
  },
  randomisedDelay: true,
  randomisedDelaySeconds: 240,
};

/** The server's answer to a PUT: what was sent, with ids given to what had none. */
function savedAs(request: SeenRequest, applied: boolean): Response {
  const sent = request.body as PutChargerSchedulesRequest;
  let ids = 0;
  const id = (given: string | undefined) => given ?? `saved-${++ids}`;
  return ok({
    scheduleType: sent.scheduleType,
    schedules: sent.schedules.map((found) => ({
      ...found,
      _id: id(found._id),
      slots: found.slots.map((slot) => ({ ...slot, _id: id(slot._id) })),
    })),
    applied,
  });
}

function api(
  saved: ChargerSchedulesView,
  put: (request: SeenRequest) => Response = (request) => savedAs(request, true),
): SeenRequest[] {
  return fakeApi({
    '/development/charger/list/home': () => ok([homeCharger({ scheduleType: saved.scheduleType })]),
    '/development/charger/profile/governmentdefault/h1': () => ok(governmentDefault),
    '/development/charger/readyby/h1': () =>
      ok({ enabled: false, targetKwh: 0, readyBy: '07:00', plan: null, applied: null }),
    [PATH]: (request) => (request.method === 'PUT' ? put(request) : ok(saved)),
  });
}

function renderSchedules() {
  return renderWithRouter(
    <Routes>
      <Route path="/home-charging/charger/:id/schedules" element={<ChargerSchedulesPage />} />
      <Route path="/home-charging/charger/:id" element={namedPage('Charger')()} />
    </Routes>,
    '/home-charging/charger/h1/schedules',
  );
}

const schedule = (name: string) => screen.findByRole('region', { name });
const arcs = (region: HTMLElement) =>
  [...region.querySelectorAll('.schedule-clock__arc')].map((arc) => arc.getAttribute('aria-label'));
const pressedDays = (region: HTMLElement) =>
  within(region.querySelector<HTMLElement>('.schedule-days')!)
    .getAllByRole('button', { pressed: true })
    .map((button) => button.getAttribute('aria-label'));
const puts = (seen: SeenRequest[]) => callsTo(seen, PATH).filter((r) => r.method === 'PUT');
/** Picks a schedule type once the page has loaded the schedules. */
async function chooseType(type: ChargerSchedulesView['scheduleType']) {
  await screen.findByText('Save schedules');
  const segment = document.querySelector('ion-segment');
  if (!segment) throw new Error('no schedule type choice');
  await select(segment, type);
}
/** Saves once the button takes taps (Ionic lifts a disabled button's pointer-events a render later). */
async function save() {
  const button = screen.getByText('Save schedules');
  await waitFor(() => expect(getComputedStyle(button).pointerEvents).not.toBe('none'));
  await userEvent.click(button);
}

describe('ChargerSchedulesPage (spec 001 §2–§5 schedule management)', () => {
  it('Custom: each schedule with its name, its days and its slots on an editable clock', async () => {
    api(custom);
    renderSchedules();
    const weekdays = await schedule('Weekdays');
    expect(pressedDays(weekdays)).toEqual(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']);
    expect(arcs(weekdays)).toEqual(['Slot 01:00 to 05:00']);
    expect(weekdays.querySelector('.schedule-clock--editable')).toBeTruthy();
    const weekend = await schedule('Weekend');
    expect(pressedDays(weekend)).toEqual(['Saturday', 'Sunday']);
    expect(arcs(weekend)).toEqual(['Slot 00:00 to 08:00']);
    expect(document.querySelector<Element & { value?: string }>('ion-segment')?.value).toBe(
      'CUSTOM',
    );
  });

  it('Default: the UK default, read-only, with the randomised delay', async () => {
    api({ scheduleType: 'DEFAULT', schedules: [] });
    renderSchedules();
    const uk = await schedule('UK default');
    expect(arcs(uk)).toEqual(['Slot 00:00 to 08:00', 'Slot 11:00 to 16:00', 'Slot 22:00 to 00:00']);
    expect(uk.querySelector('.schedule-clock--read-only')).toBeTruthy();
    expect(pressedDays(uk)).toHaveLength(7);
    expect(screen.queryByText('Add slot')).toBeNull();
    expect(screen.getByText(/up to 10 minutes late/)).toBeTruthy();
  });

  it('No Schedule: the charger charges whenever the car is plugged in', async () => {
    api({ scheduleType: 'NONE', schedules: [] });
    renderSchedules();
    expect(await screen.findByText(/charges whenever your car is plugged in/)).toBeTruthy();
    expect(document.querySelector('.schedule-clock')).toBeNull();
  });

  it('adds a slot where the rules place it and saves the schedules', async () => {
    const seen = api(custom);
    renderSchedules();
    const weekdays = await schedule('Weekdays');
    await userEvent.click(within(weekdays).getByText('Add slot'));
    // spec 001 §5: 01:00–05:00 leaves 05:00–24:00; the new slot starts 30 minutes in.
    await waitFor(() =>
      expect(arcs(weekdays)).toEqual(['Slot 01:00 to 05:00', 'Slot 05:30 to 06:00']),
    );
    await save();
    expect(await screen.findByText('Schedules saved and sent to your charger.')).toBeTruthy();
    expect(puts(seen)[0]?.body).toEqual({
      scheduleType: 'CUSTOM',
      schedules: [
        {
          _id: 'weekdays',
          name: 'Weekdays',
          days: ['MON', 'TUE', 'WED', 'THU', 'FRI'],
          slots: [
            { _id: 'night', startSeconds: hours(1), endSeconds: hours(5) },
            { startSeconds: hours(5.5), endSeconds: hours(6) },
          ],
          editable: true,
        },
        custom.schedules[1],
      ],
    });
  });

  it('a day another schedule has asks to overwrite it, then takes it out of the other', async () => {
    const seen = api(custom);
    renderSchedules();
    const weekdays = await schedule('Weekdays');
    await userEvent.click(within(weekdays).getByRole('button', { name: 'Saturday' }));
    const alert = await findAlert('Day already used');
    expect(alert.message).toBe(
      'Saturday is already in “Weekend”. Overwrite it with “Weekdays”? Saturday will be taken out of “Weekend”.',
    );
    await pressAlertButton(alert, 'Overwrite');
    await waitFor(() => expect(pressedDays(weekdays)).toContain('Saturday'));
    expect(pressedDays(await schedule('Weekend'))).toEqual(['Sunday']);
    await save();
    await waitFor(() => expect(puts(seen)).toHaveLength(1));
    const body = puts(seen)[0]?.body as ChargerSchedulesView;
    expect(body.schedules.map((found) => found.days)).toEqual([
      ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'],
      ['SUN'],
    ]);
  });

  it('keeps the day where it was when the overwrite is cancelled', async () => {
    api(custom);
    renderSchedules();
    const weekdays = await schedule('Weekdays');
    await userEvent.click(within(weekdays).getByRole('button', { name: 'Sunday' }));
    await pressAlertButton(await findAlert('Day already used'), 'Cancel');
    expect(pressedDays(await schedule('Weekend'))).toEqual(['Saturday', 'Sunday']);
    expect(pressedDays(weekdays)).not.toContain('Sunday');
  });

  it('clearing a schedule’s slots, saving shows the notice and sends nothing', async () => {
    const seen = api(custom);
    renderSchedules();
    const weekdays = await schedule('Weekdays');
    await userEvent.click(within(weekdays).getByText('Clear slots'));
    await waitFor(() => expect(arcs(weekdays)).toEqual([]));
    await save();
    const notice = await findAlert('Nothing to charge in');
    expect(notice.message).toBe(
      '“Weekdays” has no time slots. Add a slot, or delete the schedule.',
    );
    await pressAlertButton(notice, 'OK');
    await userEvent.click(within(weekdays).getByText('Clear slots'));
    expect((await findAlert('Nothing to charge in')).message).toBe(
      '“Weekdays” has no time slots to clear.',
    );
    expect(puts(seen)).toHaveLength(0);
  });

  it('a schedule with no days shows the notice', async () => {
    const seen = api(custom);
    renderSchedules();
    const weekend = await schedule('Weekend');
    await userEvent.click(within(weekend).getByRole('button', { name: 'Saturday' }));
    await userEvent.click(within(weekend).getByRole('button', { name: 'Sunday' }));
    await save();
    expect((await findAlert('Nothing to charge in')).message).toBe(
      '“Weekend” has no days selected. Choose at least one day, or delete the schedule.',
    );
    expect(puts(seen)).toHaveLength(0);
  });

  it('leaving with unsaved changes asks first; Stay keeps them, Leave lets them go', async () => {
    api(custom);
    renderSchedules();
    await chooseType('NONE');
    await userEvent.click(screen.getByText('Back to the charger'));
    await pressAlertButton(await findAlert('Unsaved changes'), 'Stay');
    expect(screen.getByTestId('location').textContent).toBe('/home-charging/charger/h1/schedules');
    await userEvent.click(screen.getByText('Back to the charger'));
    await pressAlertButton(await findAlert('Unsaved changes'), 'Leave');
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/home-charging/charger/h1'),
    );
  });

  it('leaves without asking when nothing changed', async () => {
    api(custom);
    renderSchedules();
    await schedule('Weekdays');
    await userEvent.click(screen.getByText('Back to the charger'));
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/home-charging/charger/h1'),
    );
    expect(document.querySelector('ion-alert')).toBeNull();
  });

  it('a refused save says so in the spec’s words, with what the server named', async () => {
    api(custom, () =>
      failure(400, 'VALIDATION', 'Schedule "Weekdays", slot 2: the slot overlaps another'),
    );
    renderSchedules();
    await chooseType('NONE');
    await save();
    expect(
      await screen.findByText(
        'Couldn\'t update the schedules: Schedule "Weekdays", slot 2: the slot overlaps another',
      ),
    ).toBeTruthy();
  });

  it('a failed save reads “Couldn’t update the schedules”', async () => {
    api(custom, () => failure(500, 'INTERNAL', 'broken'));
    renderSchedules();
    await chooseType('DEFAULT');
    await save();
    expect(await screen.findByText("Couldn't update the schedules")).toBeTruthy();
  });

  it('a charger offline gets the schedules when it is back: the owner is told so', async () => {
    const seen = api(custom, (request) => savedAs(request, false));
    renderSchedules();
    await chooseType('DEFAULT');
    await save();
    expect(
      await screen.findByText(
        "Schedules saved. Your charger isn't connected right now: it will receive them as soon as it is back online.",
      ),
    ).toBeTruthy();
    expect(puts(seen)[0]?.body).toMatchObject({ scheduleType: 'DEFAULT' });
    // Saved: nothing left to ask about when leaving.
    await userEvent.click(screen.getByText('Back to the charger'));
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/home-charging/charger/h1'),
    );
  });
});
