import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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
    expect(field('power')).toBe('7.2 kW');
    expect(field('cost')).toBe('£3.45');
    expect(field('perKwh')).toBe('£0.63 / kWh');
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
