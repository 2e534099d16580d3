import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TransactionView } from '@evc/contract';
import { renderWithRouter } from '../../test/render-shell.tsx';
import { finishedTransactionView, transactionView } from '../../test/transaction-view.ts';
import { TransactionSummary } from './transaction-summary.tsx';

function field(name: string): string | null | undefined {
  return document.querySelector(`[data-field="${name}"] dd`)?.textContent;
}

describe('TransactionSummary (spec 001 §2, §9)', () => {
  it('shows nothing without transaction data', () => {
    renderWithRouter(<TransactionSummary transaction={null} />, '/');
    expect(screen.queryByRole('region', { name: 'Charging session' })).toBeNull();
  });

  it('leaves out the power of a paused session and styles it by its connector status', () => {
    renderWithRouter(
      <TransactionSummary
        transaction={transactionView({ state: 'pausedByVehicle', connectorStatus: 'SuspendedEV' })}
      />,
      '/',
    );
    const panel = screen.getByRole('region', { name: 'Charging session' });
    expect(panel.className).toContain('transaction-summary--suspended');
    expect(field('state')).toBe('Paused by the vehicle');
    expect(field('power')).toBeUndefined();
  });

  it('shows the figures of a session charging now, with its live power', () => {
    renderWithRouter(<TransactionSummary transaction={transactionView()} />, '/');
    const panel = screen.getByRole('region', { name: 'Charging session' });
    expect(panel.className).toContain('transaction-summary--charging');
    expect(field('energy')).toBe('5.4 kWh');
    expect(field('duration')).toBe('00:30:05');
    expect(field('power')).toBe('7.2\u00a0kW');
    expect(field('cost')).toBe('£3.45');
    expect(field('perKwh')).toBe('£0.63 / kWh');
  });

  it.each([
    [11_000, '11\u00a0kW'],
    [150_000, '150\u00a0kW'],
    [7_360, '7.4\u00a0kW'],
  ])('reads %d W as every power reads: %s', (powerW, text) => {
    renderWithRouter(<TransactionSummary transaction={transactionView({ powerW })} />, '/');
    expect(field('power')).toBe(text);
  });

  it("issue 19: calls the cost per kWh an average with the fees, the tariff's rate beside it", () => {
    // £3.45 for 5.44 kWh at 45p/kWh: a £1.00 connection fee makes the average 63p.
    renderWithRouter(<TransactionSummary transaction={transactionView()} />, '/');
    const average = document.querySelector('[data-field="perKwh"]');
    expect(average?.querySelector('dt')?.textContent).toBe('Average per kWh (fees included)');
    expect(average?.querySelector('dd')?.textContent).toBe('£0.63 / kWh');
    expect(document.querySelector('[data-field="tariffRate"] dt')?.textContent).toBe('Tariff rate');
    expect(field('tariffRate')).toBe('45p/kWh');
  });

  it('lists both rates of a session over a change of rate', () => {
    const view = transactionView({
      breakdown: [
        { periodStart: '2026-03-02T19:30:00.000Z', rate: 0.69, value: 2 },
        { periodStart: '2026-03-02T20:00:00.000Z', rate: 0.49, value: 2 },
      ],
    });
    renderWithRouter(<TransactionSummary transaction={view} />, '/');
    expect(field('tariffRate')).toBe('69p/kWh, 49p/kWh');
  });

  describe('the tariff rate of a session that drew nothing', () => {
    // A day-night tariff: 45p, and 20p from 20:00 (UTC); the page is read at 21:00, in the night.
    const dayNight = (view: TransactionView): TransactionView => ({
      ...view,
      breakdown: [],
      data: {
        ...view.data,
        tariff: { ...view.data.tariff, alternate_rate: 0.2, alternate_time: '20:00' },
      },
    });
    afterEach(() => vi.useRealTimers());

    it.each([
      ['a finished session started at 10:00 reads the day rate it ran under', true, '45p/kWh'],
      ['a session running now reads the rate in force now', false, '20p/kWh'],
    ])('%s', (_case, finished, rate) => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2026-03-09T21:00:00Z'));
      const view = finished ? finishedTransactionView() : transactionView();
      renderWithRouter(<TransactionSummary transaction={dayNight(view)} />, '/');
      expect(field('tariffRate')).toBe(rate);
    });
  });

  it("styles a finished session 'complete' and links the tariff overview by the session's _id", () => {
    renderWithRouter(<TransactionSummary transaction={finishedTransactionView()} />, '/');
    const panel = screen.getByRole('region', { name: 'Charging session' });
    expect(panel.className).toContain('transaction-summary--complete');
    expect(field('power')).toBeUndefined();
    expect(field('state')).toBe('Complete');
    const link = screen.getByText('tariff overview');
    expect(link.closest('[href]')?.getAttribute('href')).toBe('/variable-tariff?transactionId=s1');
  });

  it('leaves out the cost per kWh when nothing was charged', () => {
    const free = transactionView();
    free.data.cost.applied_cost.total = 0;
    renderWithRouter(<TransactionSummary transaction={free} />, '/');
    expect(field('cost')).toBe('£0.00');
    expect(field('perKwh')).toBeUndefined();
  });

  it.each([
    ['a public charger', 'Leeds Dock, Leeds'],
    ['a home charger', 'Driveway'],
  ])('is headed by the title of a session at %s (001 §3)', (_label, title) => {
    renderWithRouter(<TransactionSummary transaction={transactionView({ title })} />, '/');
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe(title);
    expect(screen.getByText('Charger ID 1001 · Connector 1')).toBeTruthy();
  });
});
