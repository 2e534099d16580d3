import { act, fireEvent, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Card } from '@evc/contract';
import { testUser } from '../../test/fixtures.ts';
import { fill, select, submitForm } from '../../test/ionic-events.ts';
import { renderWithRouter } from '../../test/render-shell.tsx';
import { json, stubServer } from '../../test/stub-server.ts';
import { TopUpSelectCardPage } from './topup-select-card-page.tsx';
import { signedInAs } from '../../test/signed-in.ts';
import { savedCard } from './test-support.ts';

const DEFAULT = savedCard('pm_default', '4242', { default: true });
const OTHER = savedCard('pm_other', '3155');
const FUEL = savedCard('pm_fuel', '0005', { source: 'FUELCARD' });

function renderPage(cards: Card[] = [DEFAULT, OTHER, FUEL]) {
  const seen = stubServer(() => json(200, { data: cards }));
  const rendered = renderWithRouter(
    <Routes>
      <Route path="/topup-select-card" element={<TopUpSelectCardPage />} />
    </Routes>,
    '/topup-select-card',
  );
  return { seen, ...rendered };
}

const location = () => screen.getByTestId('location').textContent;
const confirmAddress = (amount: number, card: string) =>
  `/topup-confirm-card?amount=${amount}&card=${card}`;
const press = (name: string) =>
  act(async () => {
    fireEvent.click(screen.getByText(name));
    await Promise.resolve();
  });

beforeEach(async () => {
  await signedInAs(testUser);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('TopUpSelectCardPage (spec 000 §2, §9)', () => {
  it('offers the quick amounts 5, 10, 25, 50 and starts at the default 30.00', async () => {
    const { container } = renderPage();
    await screen.findByText('Visa •••• 4242');
    for (const quick of ['£5', '£10', '£25', '£50']) expect(screen.getByText(quick)).toBeTruthy();
    await submitForm(container);
    expect(location()).toBe(confirmAddress(3000, 'pm_default'));
  });

  it('takes a quick amount with the default card', async () => {
    const { container } = renderPage();
    await screen.findByText('Visa •••• 4242');
    await press('£10');
    await submitForm(container);
    expect(location()).toBe(confirmAddress(1000, 'pm_default'));
  });

  it('takes a free amount with another card; fuel cards are not offered', async () => {
    const { container } = renderPage();
    await screen.findByText('Visa •••• 3155');
    expect(screen.queryByText('Visa •••• 0005')).toBeNull();
    await fill(container, 'Other amount (GBP)', '12.5');
    await select(container.querySelector('ion-radio-group')!, 'pm_other');
    await submitForm(container);
    expect(location()).toBe(confirmAddress(1250, 'pm_other'));
  });

  it.each(['0.99', '1000.01', '12.345', 'ten', '-5', ''])(
    'refuses %j with a message naming the limits',
    async (typed) => {
      const { container } = renderPage();
      await screen.findByText('Visa •••• 4242');
      await fill(container, 'Other amount (GBP)', typed);
      await submitForm(container);
      expect(await screen.findByText('Enter an amount from £1.00 to £1,000.00.')).toBeTruthy();
      expect(location()).toBe('/topup-select-card');
    },
  );

  it.each([
    ['1', 100],
    ['1000', 100_000],
  ])('accepts the limit %s', async (typed, minor) => {
    const { container } = renderPage();
    await screen.findByText('Visa •••• 4242');
    await fill(container, 'Other amount (GBP)', typed);
    await submitForm(container);
    expect(location()).toBe(confirmAddress(minor, 'pm_default'));
  });

  it('without a saved card says so and links to adding one', async () => {
    const { container } = renderPage([FUEL]);
    expect(await screen.findByText('You have no saved card yet.')).toBeTruthy();
    const add = screen.getByText('Add a card').closest('ion-button');
    expect(add?.getAttribute('router-link')).toBe('/add-payment-method');
    await submitForm(container);
    expect(location()).toBe('/topup-select-card');
  });
});
