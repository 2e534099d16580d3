import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testUser } from '../../test/fixtures.ts';
import { renderWithRouter } from '../../test/render-shell.tsx';
import { finishedTransactionView, transactionView } from '../../test/transaction-view.ts';
import { signedInAs } from '../../test/signed-in.ts';
import { fakeApi, ok } from '../../test/stub-server.ts';
import { useLatestChargingSession } from '../../lib/charging-session/use-latest-charging-session.ts';
import { OngoingCharge } from './ongoing-charge.tsx';

/** Shown once the latest-charge answer is in: OngoingCharge has rendered it by then too. */
function LatestAnswered() {
  return useLatestChargingSession().isFetched ? <output data-testid="latest-answered" /> : null;
}

beforeEach(async () => {
  await signedInAs(testUser);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function openLink(): string | undefined {
  const item = document.querySelector('ion-item') as (HTMLElement & { routerLink?: string }) | null;
  return item?.routerLink;
}

describe('OngoingCharge on home (spec 000 §2)', () => {
  it('shows the charge in progress and leads to it', async () => {
    fakeApi({ '/development/transaction/user/latest': () => ok(transactionView()) });
    renderWithRouter(<OngoingCharge />, '/home');
    expect(await screen.findByText('Your charge')).toBeTruthy();
    expect(openLink()).toBe('/charging-in-progress?transactionId=s1');
  });

  it('leads a charge still waiting for the cable to the plug-in page', async () => {
    fakeApi({
      '/development/transaction/user/latest': () => ok(transactionView({ state: 'pending' })),
    });
    renderWithRouter(<OngoingCharge />, '/home');
    await screen.findByText('Your charge');
    expect(openLink()).toBe('/start-charging?transactionId=s1');
  });

  it.each([
    ['a finished charge', finishedTransactionView()],
    ['a rejected start', transactionView({ state: 'rejected' })],
    ['no charge at all', null],
  ])('shows nothing for %s', async (_, latest) => {
    fakeApi({ '/development/transaction/user/latest': () => ok(latest) });
    const { container } = renderWithRouter(
      <>
        <OngoingCharge />
        <LatestAnswered />
      </>,
      '/home',
    );
    await screen.findByTestId('latest-answered');
    expect(container.querySelector('.home-ongoing')).toBeNull();
  });
});
