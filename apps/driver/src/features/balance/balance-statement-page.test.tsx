import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BalanceMovement, BalanceStatement } from '@evc/contract';
import { testUser } from '../../test/fixtures.ts';
import { renderWithRouter } from '../../test/render-shell.tsx';
import { signedInAs } from '../../test/signed-in.ts';
import { callsTo, fakeApi, ok } from '../../test/stub-server.ts';
import { BalanceStatementPage } from './balance-statement-page.tsx';

const line = (overrides: Partial<BalanceMovement>): BalanceMovement => ({
  id: 'topup:pi_1',
  kind: 'topup',
  amount: 1000,
  balanceAfter: 1000,
  currency: testUser.preferredCurrency,
  at: '2026-03-02T10:00:00.000Z',
  sessionId: null,
  ...overrides,
});

const EUR = {
  ...testUser.preferredCurrency,
  _id: 'eur',
  code: 'EUR',
  name: 'Euro',
  name_plural: 'euros',
  symbol: '€',
  symbol_native: '€',
};

const statement = (movements: BalanceMovement[], hasMore = false): BalanceStatement => ({
  balance: -855,
  currency: testUser.preferredCurrency,
  movements,
  hasMore,
});

const renderPage = () =>
  renderWithRouter(
    <Routes>
      <Route path="/balance-statement" element={<BalanceStatementPage />} />
    </Routes>,
    '/balance-statement',
  );

beforeEach(async () => {
  await signedInAs(testUser);
});
afterEach(() => vi.unstubAllGlobals());

const lines = () =>
  [...document.querySelectorAll('.statement-line')].map((item) =>
    [
      item.querySelector('h3')?.textContent,
      item.querySelector('.statement-line__amount')?.textContent,
      item.querySelector('.statement-line__after')?.textContent,
    ].join(' | '),
  );

describe('BalanceStatementPage (issue 19)', () => {
  it('lists top-ups, charges and refunds with their date, amount and the balance they left', async () => {
    const seen = fakeApi({
      '/getBalanceStatement': () =>
        ok(
          statement([
            line({ id: 'refund:r1', kind: 'refund', amount: 200, balanceAfter: 855 }),
            line({
              id: 'session:s1',
              kind: 'charge',
              amount: -345,
              balanceAfter: 655,
              at: '2026-03-02T12:30:00.000Z',
              sessionId: 's1',
            }),
            line({}),
          ]),
        ),
    });
    renderPage();
    await waitFor(() => expect(lines()).toHaveLength(3));
    expect(lines()).toEqual([
      'Refund | +£2.00 | Balance £8.55',
      'Charge | -£3.45 | Balance £6.55',
      'Top-up | +£10.00 | Balance £10.00',
    ]);
    expect(screen.getByText('2 Mar 2026, 12:30')).toBeTruthy();
    expect(callsTo(seen, '/getBalanceStatement')[0]?.body).toEqual({
      userid: testUser._id,
      limit: 50,
    });
  });

  it('shows each line in its own currency, whatever the account’s is now', async () => {
    fakeApi({
      '/getBalanceStatement': () =>
        ok({
          ...statement([line({ currency: EUR, amount: 500, balanceAfter: 500 })]),
          currency: { ...testUser.preferredCurrency, code: 'USD', symbol: '$' },
        }),
    });
    renderPage();
    await waitFor(() => expect(lines()).toEqual(['Top-up | +€5.00 | Balance €5.00']));
  });

  it('says when nothing has moved, and asks for older lines when there are more', async () => {
    const empty = fakeApi({ '/getBalanceStatement': () => ok(statement([])) });
    const first = renderPage();
    expect(await screen.findByText('Nothing has moved on your balance yet.')).toBeTruthy();
    expect(callsTo(empty, '/getBalanceStatement')).toHaveLength(1);
    first.unmount();

    const seen = fakeApi({ '/getBalanceStatement': () => ok(statement([line({})], true)) });
    renderPage();
    fireEvent.click(await screen.findByText('Show older movements'));
    await waitFor(() =>
      expect(callsTo(seen, '/getBalanceStatement').map((call) => call.body)).toContainEqual({
        userid: testUser._id,
        limit: 200,
      }),
    );
  });
});
