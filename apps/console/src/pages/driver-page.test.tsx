import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, renderConsole, type FakeCall } from '../test/fake-api.tsx';
import { OVERVIEW } from '../test/overview.ts';

function overviewApi(extra: Parameters<typeof fakeApi>[0] = {}): FakeCall[] {
  return fakeApi({
    'GET /api/console/drivers/user-dana': () => OVERVIEW,
    'GET /api/console/audit': () => ({ entries: [] }),
    ...extra,
  });
}

describe('a driver’s overview', () => {
  it('shows live and past sessions with their cost breakdown and payment, and the account', async () => {
    overviewApi();
    renderConsole('/drivers/user-dana');
    await screen.findByRole('heading', { name: 'Dana Driver' });
    const live = screen.getByRole('article', { name: 'Session session-live' });
    expect(within(live).getByText('Live')).toBeTruthy();
    expect(within(live).getByText('Held')).toBeTruthy();
    expect(within(live).getByRole('button', { name: 'Stop session' })).toBeTruthy();
    const done = screen.getByRole('article', { name: 'Session session-done' });
    expect(within(done).getByText('£12.34')).toBeTruthy();
    expect(done.textContent).toContain(
      'energy £10.00, connection £1.00, time £0.84, overstay £0.50',
    );
    expect(within(done).getByText('Captured')).toBeTruthy();
    expect(done.textContent).toContain('20.00 kWh');
    expect(within(done).getByRole('button', { name: 'Refund' })).toBeTruthy();
    expect(within(done).queryByRole('button', { name: 'Stop session' })).toBeNull();
    expect(screen.getByText('visa •••• 4242 (sandbox) · default')).toBeTruthy();
    expect(
      within(screen.getByRole('region', { name: 'Balance' })).getByText('£25.00', {
        selector: '.balance',
      }),
    ).toBeTruthy();
    expect(screen.getByText(/RFID-0001 · Work card/)).toBeTruthy();
    expect(screen.getByText(/Fleet North/)).toBeTruthy();
    expect(screen.getByText(/Your charging receipt \(receipt\)/)).toBeTruthy();
  });

  it.each([
    ['12.34', 1234],
    ['5', 500],
    ['0.29', 29],
    ['', undefined],
  ])('refunds “%s” typed in pounds as %s pence', async (typed, amount) => {
    const calls = overviewApi({
      'POST /api/console/sessions/session-done/refund': () => ({
        id: 'r1',
        sessionId: 'session-done',
        amount: amount ?? 1234,
        currency: 'GBP',
        refundedTotal: amount ?? 1234,
        reason: 'Charger fault',
      }),
    });
    renderConsole('/drivers/user-dana');
    const done = await screen.findByRole('article', { name: 'Session session-done' });
    const user = userEvent.setup();
    await user.click(within(done).getByRole('button', { name: 'Refund' }));
    if (typed) await user.type(within(done).getByLabelText(/Amount \(GBP\)/), typed);
    await user.type(within(done).getByLabelText('Reason'), 'Charger fault');
    await user.click(within(done).getByRole('button', { name: 'Refund' }));
    await within(done).findByText(`Refunded £${((amount ?? 1234) / 100).toFixed(2)}.`);
    const refund = calls.find((call) => call.path.endsWith('/refund'));
    expect(refund?.body).toEqual(
      amount === undefined ? { reason: 'Charger fault' } : { amount, reason: 'Charger fault' },
    );
  });

  it('refuses an amount that is not money, or more than was captured, without calling', async () => {
    const calls = overviewApi();
    renderConsole('/drivers/user-dana');
    const done = await screen.findByRole('article', { name: 'Session session-done' });
    const user = userEvent.setup();
    await user.click(within(done).getByRole('button', { name: 'Refund' }));
    await user.type(within(done).getByLabelText(/Amount/), '1.234');
    await user.type(within(done).getByLabelText('Reason'), 'Charger fault');
    await user.click(within(done).getByRole('button', { name: 'Refund' }));
    await within(done).findByText('Amount: type an amount in GBP, e.g. 12.50');
    await user.clear(within(done).getByLabelText(/Amount/));
    await user.type(within(done).getByLabelText(/Amount/), '12.35');
    await user.click(within(done).getByRole('button', { name: 'Refund' }));
    await within(done).findByText('Amount: more than can be refunded');
    expect(calls.some((call) => call.path.endsWith('/refund'))).toBe(false);
  });

  it('credits the balance in minor units with the reason', async () => {
    const calls = overviewApi({
      'POST /api/console/drivers/user-dana/credit': () => ({ creditMinor: 3750, currency: 'GBP' }),
    });
    renderConsole('/drivers/user-dana');
    const balance = await screen.findByRole('region', { name: 'Balance' });
    const user = userEvent.setup();
    await user.click(within(balance).getByRole('button', { name: 'Credit the balance' }));
    await user.type(within(balance).getByLabelText(/Amount/), '12.50');
    await user.type(within(balance).getByLabelText('Reason'), 'Goodwill for a faulty charger');
    await user.click(within(balance).getByRole('button', { name: 'Credit the balance' }));
    await within(balance).findByText('Balance is now £37.50.');
    expect(calls.find((call) => call.path.endsWith('/credit'))?.body).toEqual({
      amount: 1250,
      reason: 'Goodwill for a faulty charger',
    });
  });
});
