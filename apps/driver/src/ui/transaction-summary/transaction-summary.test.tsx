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

  it('styles an ongoing session by its connector status and shows live power', () => {
    renderWithRouter(
      <TransactionSummary transaction={transactionView({ connectorStatus: 'SuspendedEV' })} />,
      '/',
    );
    const panel = screen.getByRole('region', { name: 'Charging session' });
    expect(panel.className).toContain('transaction-summary--suspended');
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
});
