import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CostBreakdown } from './cost-breakdown.tsx';

const entries = [
  { periodStart: '2026-03-02T10:00:00.000Z', rate: 0.45, value: 3.2 },
  { periodStart: '2026-03-02T10:30:00.000Z', rate: 0.45, value: 3.3 },
  { periodStart: 'garbage', rate: 0.2, value: 1 },
  { periodStart: '2026-03-02T11:00:00.000Z', rate: 0.2, value: 1.04 },
];

describe('CostBreakdown (spec 001 §2, §9)', () => {
  it('is collapsed under its summary and opens to one row per run of equal rates', async () => {
    const { container } = render(<CostBreakdown entries={entries} symbol="€" timeZone="UTC" />);
    const details = container.querySelector('details');
    expect(details?.open).toBe(false);
    await userEvent.click(screen.getByText('Cost breakdown'));
    expect(details?.open).toBe(true);
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      '10:00 - 11:001 hour6.5 kWh @ €0.45 / kWh',
      '11:00 - 11:3030 minutes1.0 kWh @ €0.20 / kWh',
    ]);
  });

  it('uses the pound sign when the currency has no symbol', () => {
    render(<CostBreakdown entries={entries.slice(0, 1)} symbol={null} timeZone="UTC" open />);
    expect(screen.getByText('3.2 kWh @ £0.45 / kWh')).toBeTruthy();
  });

  it('shows nothing without a usable entry', () => {
    const { container } = render(
      <CostBreakdown entries={[{ periodStart: '', rate: 1, value: 1 }]} />,
    );
    expect(container.textContent).toBe('');
  });

  it("issue 19: a row per fee and the session's real times, the rows adding up to the total", () => {
    render(
      <CostBreakdown
        entries={[{ periodStart: '2026-03-02T06:00:00.000Z', rate: 0.69, value: 0.058 }]}
        symbol="£"
        timeZone="UTC"
        open
        session={{
          parts: { energy: 4, connection: 104, periods: 0, overstay: 0 },
          currency: { code: 'GBP', decimal_digits: 2 },
          startedAt: new Date('2026-03-02T06:12:10.000Z'),
          endedAt: new Date('2026-03-02T06:14:40.000Z'),
        }}
      />,
    );
    const table = screen.getByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      '06:12 - 06:142.5 minutes0.1 kWh @ £0.69 / kWh£0.04',
      'Connection fee£1.04',
      'Total£1.08',
    ]);
  });

  it('words a cut row longer than an hour in hours and minutes, and lists time and overstay fees', () => {
    render(
      <CostBreakdown
        entries={[
          { periodStart: '2026-03-02T06:00:00.000Z', rate: 0.5, value: 2 },
          { periodStart: '2026-03-02T06:30:00.000Z', rate: 0.5, value: 2 },
          { periodStart: '2026-03-02T07:00:00.000Z', rate: 0.5, value: 2 },
        ]}
        timeZone="UTC"
        open
        session={{
          parts: { energy: 300, connection: 0, periods: 200, overstay: 500 },
          currency: { code: 'GBP', decimal_digits: 2 },
          startedAt: new Date('2026-03-02T06:10:00.000Z'),
          endedAt: new Date('2026-03-02T07:17:00.000Z'),
        }}
      />,
    );
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      '06:10 - 07:171 hour 7 minutes6.0 kWh @ £0.50 / kWh£3.00',
      'Time fee£2.00',
      'Overstay fee£5.00',
      'Total£10.00',
    ]);
  });

  it.each([
    ['2026-03-02T06:10:00.000Z', '2026-03-02T06:11:00.000Z', '1 minute'],
    ['2026-03-02T06:10:00.000Z', '2026-03-02T06:10:01.600Z', '1 second'],
    ['2026-03-02T06:10:00.000Z', '2026-03-02T07:11:00.000Z', '1 hour 1 minute'],
    ['2026-03-02T06:10:00.000Z', '2026-03-02T08:11:00.000Z', '2 hours 1 minute'],
  ])('words one of a unit in the singular: %s to %s is %s', (from, to, interval) => {
    const { container } = render(
      <CostBreakdown
        entries={[0, 1, 2, 3, 4].map((half) => ({
          periodStart: new Date(Date.UTC(2026, 2, 2, 6, half * 30)).toISOString(),
          rate: 0.5,
          value: 1,
        }))}
        timeZone="UTC"
        open
        session={{
          parts: { energy: 250, connection: 0, periods: 0, overstay: 0 },
          currency: { code: 'GBP', decimal_digits: 2 },
          startedAt: new Date(from),
          endedAt: new Date(to),
        }}
      />,
    );
    expect(container.querySelector('.cost-breakdown__interval')?.textContent).toBe(interval);
  });
});
