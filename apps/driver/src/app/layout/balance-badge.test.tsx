import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionByIdQuery } from '../../lib/api/calls/get-transaction-by-id.ts';
import { balanceStatementQuery } from '../../features/balance/api/get-balance-statement.ts';
import { testUser } from '../../test/fixtures.ts';
import { renderWithRouter } from '../../test/render-shell.tsx';
import { signedInAs } from '../../test/signed-in.ts';
import { callsTo, fakeApi, ok } from '../../test/stub-server.ts';
import { transactionView } from '../../test/transaction-view.ts';
import { BalanceBadge } from './balance-badge.tsx';
import { BALANCE_FRESH_MS } from './use-fresh-balance.ts';

/** The server's state: the stored balance, and the credit session's payment. */
const server = { stored: -1000, payment: 'none' as 'none' | 'debited' };

function api() {
  return fakeApi({
    '/getUserBalance': () => ok({ balance: server.stored, currency: testUser.preferredCurrency }),
    '/getBalanceStatement': () =>
      ok({
        balance: server.stored,
        currency: testUser.preferredCurrency,
        movements: [],
        hasMore: false,
      }),
    '/getTransactionByID': () =>
      ok(
        transactionView({
          source: 'CREDIT',
          intent_id: null,
          state: server.payment === 'none' ? 'charging' : 'finished',
          payment: {
            held: 0,
            captured: server.payment === 'none' ? null : 345,
            status: server.payment,
          },
        }),
      ),
  });
}

/** A page following the credit session, as the charging pages do, and a way to leave it. */
function SessionPage() {
  const session = useQuery(sessionByIdQuery('s1'));
  useQuery(balanceStatementQuery(testUser._id, 50));
  const navigate = useNavigate();
  return (
    <>
      <p>{`payment ${session.data?.payment.status ?? '…'}`}</p>
      <button onClick={() => void session.refetch()}>poll</button>
      <button onClick={() => navigate('/settings')}>settings</button>
    </>
  );
}

const badge = () => document.querySelector('.balance-badge')?.textContent ?? '';

beforeEach(async () => {
  server.stored = -1000;
  server.payment = 'none';
  await signedInAs(testUser);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function renderBadge() {
  return renderWithRouter(
    <>
      <BalanceBadge userId={testUser._id} linkToBalance={false} />
      <SessionPage />
    </>,
    '/charging-in-progress',
  );
}

describe('BalanceBadge follows every movement of the balance (issue 19)', () => {
  it('shows the balance after a credit charge as soon as the session is paid, without opening Balance', async () => {
    const seen = api();
    renderBadge();
    await waitFor(() => expect(badge()).toBe('£10.00'));
    await screen.findByText('payment none');

    // The charge ends: the server debits £3.45 from the credit.
    server.stored = -655;
    server.payment = 'debited';
    expect(badge()).toBe('£10.00');
    fireEvent.click(screen.getByText('poll'));
    await screen.findByText('payment debited');
    await waitFor(() => expect(badge()).toBe('£6.55'));
    expect(callsTo(seen, '/getUserBalance')).toHaveLength(2);
    // The statement, open meanwhile, is read again too.
    await waitFor(() => expect(callsTo(seen, '/getBalanceStatement')).toHaveLength(2));
  });

  it('does not read the balance again for a session seen already paid, nor for one that did not change', async () => {
    server.payment = 'debited';
    const seen = api();
    renderBadge();
    await screen.findByText('payment debited');
    await waitFor(() => expect(badge()).toBe('£10.00'));
    fireEvent.click(screen.getByText('poll'));
    await waitFor(() => expect(callsTo(seen, '/getTransactionByID')).toHaveLength(2));
    expect(callsTo(seen, '/getUserBalance')).toHaveLength(1);
  });

  it('reads it again on the next page once it is older than a few seconds (a refund by support)', async () => {
    const seen = api();
    renderBadge();
    await waitFor(() => expect(badge()).toBe('£10.00'));
    // Support refunds £2.00 to the credit while the driver is on this page.
    server.stored = -1200;
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + BALANCE_FRESH_MS + 1);
    fireEvent.click(screen.getByText('settings'));
    await waitFor(() => expect(badge()).toBe('£12.00'));
    expect(callsTo(seen, '/getUserBalance')).toHaveLength(2);
  });
});
