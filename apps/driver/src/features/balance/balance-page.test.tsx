import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testUser } from '../../test/fixtures.ts';
import { renderWithRouter } from '../../test/render-shell.tsx';
import { callsTo, json, stubServer } from '../../test/stub-server.ts';
import { BalancePage } from './balance-page.tsx';
import { signedInAs } from '../../test/signed-in.ts';

const renderPage = () =>
  renderWithRouter(
    <Routes>
      <Route path="/balance" element={<BalancePage />} />
    </Routes>,
    '/balance',
  );

const answerBalance = (stored: number, currency = testUser.preferredCurrency) =>
  json(200, { data: { balance: stored, currency } });

beforeEach(async () => {
  await signedInAs(testUser);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('BalancePage (spec 000 §2, §8, §9)', () => {
  it("shows '...Loading' while fetching, then minus the stored balance in the currency", async () => {
    let answer: (response: Response) => void = () => undefined;
    const seen = stubServer(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderPage();
    expect(await screen.findByText('...Loading')).toBeTruthy();
    answer(answerBalance(-1250));
    expect(await screen.findByText('£12.50')).toBeTruthy();
    expect(screen.queryByText('...Loading')).toBeNull();
    expect(callsTo(seen, '/getUserBalance')[0]?.body).toEqual({
      refresh: true,
      userid: testUser._id,
    });
  });

  it.each([
    [500, 'GBP', 2, '-£5.00'],
    [0, 'GBP', 2, '£0.00'],
    // British English (the brand's country) names the yen apart from the yuan.
    [-1234, 'JPY', 0, 'JP¥1,234'],
  ])('stored %i in %s (%i digits) shows %s', async (stored, code, digits, shown) => {
    stubServer(() =>
      answerBalance(stored, { ...testUser.preferredCurrency, code, decimal_digits: digits }),
    );
    renderPage();
    expect(await screen.findByText(shown)).toBeTruthy();
  });

  it('shows nothing of a failed fetch but still offers a top-up', async () => {
    stubServer(() => json(500, { message: 'Database down', code: 'INTERNAL' }));
    const { container } = renderPage();
    const topUp = await screen.findByText('Top up');
    expect(topUp.closest('ion-button')?.getAttribute('router-link')).toBe('/topup-select-card');
    await waitFor(() => expect(screen.queryByText('...Loading')).toBeNull());
    expect(container.textContent).not.toContain('£');
    expect(container.textContent).not.toContain('Database down');
    expect(container.textContent).not.toContain('Available credit');
  });

  it('leads to the balance statement (issue 19)', async () => {
    stubServer(() => answerBalance(-1250));
    renderPage();
    const statement = await screen.findByText('Balance statement');
    expect(statement.closest('ion-button')?.getAttribute('router-link')).toBe('/balance-statement');
  });
});
