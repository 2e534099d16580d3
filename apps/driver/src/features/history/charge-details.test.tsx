import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ChargeDetails } from './charge-details.tsx';
import { historyItem } from './test-support.ts';

/** The breakdown's rows as the driver reads them, and the minor units of each cost cell. */
function breakdown() {
  const table = screen.getByRole('table');
  const minor = (cells: NodeListOf<Element>) =>
    [...cells].map((cell) => Number(cell.getAttribute('data-minor')));
  return {
    rows: [...table.querySelectorAll('tbody tr')].map((row) => row.getAttribute('data-row')),
    costs: minor(table.querySelectorAll('tbody [data-minor]')),
    total: minor(table.querySelectorAll('tfoot [data-minor]'))[0],
    totalText: table.querySelector('tfoot td')?.textContent,
  };
}

describe('ChargeDetails (spec 000 §2, issue 19)', () => {
  it('shows a row per fee charged, and the rows add up to the cost shown above them', () => {
    render(
      <ChargeDetails
        item={historyItem({
          cost: 711,
          parts: { energy: 561, connection: 100, periods: 50, overstay: 0 },
        })}
      />,
    );
    const details = screen.getByRole('region', { name: 'Charge details' });
    expect(details.querySelector('[data-field="cost"] dd')?.textContent).toBe('£7.11');
    const { rows, costs, total, totalText } = breakdown();
    expect(rows).toEqual(['energy', 'connection', 'periods']);
    expect(costs).toEqual([561, 100, 50]);
    expect(costs.reduce((sum, cost) => sum + cost, 0)).toBe(total);
    expect(totalText).toBe('£7.11');
    const table = screen.getByRole('table');
    expect(within(table).getByText('Connection fee').closest('tr')?.textContent).toBe(
      'Connection fee£1.00',
    );
    expect(within(table).getByText('Time fee').closest('tr')?.textContent).toBe('Time fee£0.50');
    expect(within(table).getByText('12.5 kWh @ £0.45 / kWh')).toBeTruthy();
  });

  it('shares the energy cost between rates so the rows still add up', () => {
    render(
      <ChargeDetails
        item={historyItem({
          kwh: 3,
          cost: 133,
          breakdown: [
            { periodStart: '2026-11-20T10:00:00.000Z', rate: 0.45, value: 1.001 },
            { periodStart: '2026-11-20T10:30:00.000Z', rate: 0.2, value: 1.999 },
          ],
          parts: { energy: 85, connection: 48, periods: 0, overstay: 0 },
        })}
      />,
    );
    const { rows, costs, total } = breakdown();
    expect(rows).toEqual(['energy', 'energy', 'connection']);
    expect(costs.reduce((sum, cost) => sum + cost, 0)).toBe(133);
    expect(total).toBe(133);
  });

  it('cuts a charge still going to its time so far', () => {
    render(
      <ChargeDetails
        item={historyItem({
          finished: false,
          enddate: null,
          duration: 25 * 60,
          kwh: 3,
          cost: 135,
          breakdown: [{ periodStart: '2026-11-20T10:00:00.000Z', rate: 0.45, value: 3 }],
          parts: { energy: 135, connection: 0, periods: 0, overstay: 0 },
        })}
      />,
    );
    expect(screen.getByText('Charging now')).toBeTruthy();
    expect(screen.getByRole('table').querySelector('.cost-breakdown__interval')?.textContent).toBe(
      '25 minutes',
    );
    expect(breakdown().total).toBe(135);
  });
});
