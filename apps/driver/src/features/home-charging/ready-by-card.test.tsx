import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ReadyBySettings, ReadyByView } from '@evc/contract';
import { testUser } from '../../test/fixtures.ts';
import { select } from '../../test/ionic-events.ts';
import { renderWithRouter } from '../../test/render-shell.tsx';
import { signedInAs } from '../../test/signed-in.ts';
import { callsTo, fakeApi, failure, ok, type SeenRequest } from '../../test/stub-server.ts';
import { ReadyByCard } from './ready-by-card.tsx';

beforeEach(async () => {
  await signedInAs(testUser);
});

const PATH = '/development/charger/readyby/h1';
const off: ReadyByView = {
  enabled: false,
  targetKwh: 0,
  readyBy: '07:00',
  plan: null,
  applied: null,
};

/** The server plans 02:00–05:00 at the night rate for whatever target it is sent. */
function planned(request: SeenRequest, applied: boolean) {
  const sent = request.body as ReadyBySettings;
  return ok({
    ...sent,
    plan: sent.enabled
      ? {
          slots: [{ startSeconds: 2 * 3600, endSeconds: 5 * 3600 }],
          expectedCostPence: 315,
          currency: 'GBP',
          enough: sent.targetKwh <= 21,
        }
      : null,
    applied,
  });
}

function api(saved: ReadyByView, applied = true) {
  return fakeApi({
    [PATH]: (request) => (request.method === 'PUT' ? planned(request, applied) : ok(saved)),
  });
}

const puts = (seen: SeenRequest[]) => callsTo(seen, PATH).filter((r) => r.method === 'PUT');
const card = () => screen.findByRole('region', { name: 'Ready by' });
const input = (region: HTMLElement, label: string) =>
  within(region).getByLabelText(label, { selector: 'input' });

async function turnOn(region: HTMLElement) {
  const toggle = region.querySelector('ion-toggle');
  if (!toggle) throw new Error('no ready-by toggle');
  toggle.dispatchEvent(new CustomEvent('ionChange', { detail: { checked: true } }));
  await within(region).findByLabelText('Energy to add (kWh)', { selector: 'input' });
}

describe('ready by', () => {
  it('sends the kWh target and time, then shows the plan on the clock with its cost', async () => {
    const seen = api(off);
    renderWithRouter(<ReadyByCard chargerId="h1" />, '/');
    const region = await card();
    await turnOn(region);
    const user = userEvent.setup();
    await user.type(input(region, 'Energy to add (kWh)'), '20');
    fireEvent.click(within(region).getByLabelText('Ready by', { selector: 'input' }));
    const option = await waitFor(() => {
      const shown = [
        ...document.querySelectorAll<HTMLElement>('ion-popover:not(.overlay-hidden) [role=option]'),
      ].find((candidate) => candidate.textContent === '06:30');
      if (!shown) throw new Error('06:30 is not showing');
      return shown;
    });
    await act(async () => {
      fireEvent.click(option);
      await Promise.resolve();
    });
    await user.click(within(region).getByText('Save ready by'));
    await waitFor(() => expect(puts(seen)).toHaveLength(1));
    expect(puts(seen)[0]?.body).toEqual({ enabled: true, targetKwh: 20, readyBy: '06:30' });
    const plan = await within(region).findByTestId('ready-by-plan');
    expect(plan.textContent).toContain('About £3.15 for 20 kWh, ready by 06:30.');
    expect(plan.querySelectorAll('.schedule-clock__arc')).toHaveLength(1);
    expect(within(region).queryByText(/too few half-hours/)).toBeNull();
  });

  it('turns a share of the battery into kWh, and says when the schedule leaves too little', async () => {
    const seen = api(off, false);
    renderWithRouter(<ReadyByCard chargerId="h1" />, '/');
    const region = await card();
    await turnOn(region);
    const segment = region.querySelector('ion-segment');
    if (!segment) throw new Error('no target choice');
    await select(segment, 'battery');
    const user = userEvent.setup();
    await user.type(
      await within(region).findByLabelText(/Share of the battery/, { selector: 'input' }),
      '80',
    );
    await user.type(input(region, 'Battery size (kWh)'), '60');
    await within(region).findByText('That is 48 kWh.');
    await user.click(within(region).getByText('Save ready by'));
    await waitFor(() => expect(puts(seen)).toHaveLength(1));
    expect(puts(seen)[0]?.body).toEqual({ enabled: true, targetKwh: 48, readyBy: '07:00' });
    await within(region).findByText(/too few half-hours/);
    await within(region).findByText(/it will receive them as soon as it is back online/);
  });

  it('refuses a target of nothing without calling the server', async () => {
    const seen = api(off);
    renderWithRouter(<ReadyByCard chargerId="h1" />, '/');
    const region = await card();
    await turnOn(region);
    await userEvent.setup().click(within(region).getByText('Save ready by'));
    await within(region).findByText('Enter an amount of energy above 0 and up to 200 kWh');
    expect(puts(seen)).toHaveLength(0);
  });

  it('says so when the plan cannot be saved', async () => {
    fakeApi({
      [PATH]: (request) =>
        request.method === 'PUT'
          ? failure(500, 'INTERNAL', 'broken')
          : ok({ ...off, enabled: true, targetKwh: 10 }),
    });
    renderWithRouter(<ReadyByCard chargerId="h1" />, '/');
    const region = await card();
    await userEvent.setup().click(within(region).getByText('Save ready by'));
    await within(region).findByText("Couldn't update the ready-by plan");
  });
});
