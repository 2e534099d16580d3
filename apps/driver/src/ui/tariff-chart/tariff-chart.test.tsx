import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { TariffDay, TariffPeriod } from '@evc/domain';
import { i18n } from '../../lib/i18n.ts';
import { TariffChart, type TariffChartProps } from './tariff-chart.tsx';

const period = (standard_rate: number, available = true): TariffPeriod => ({
  standard_rate,
  available,
});
/** Cheap until 07:00, a peak 07:00–08:59, standard to 22:00, then closed. */
const weekdayPeriods = Array.from({ length: 48 }, (_, index) =>
  index < 14
    ? period(0.1)
    : index < 18
      ? period(0.5)
      : index < 44
        ? period(0.3)
        : period(0.3, false),
);
const sundayPeriods = Array.from({ length: 48 }, () => period(0.2));
const week = (sunday: TariffPeriod[]): TariffDay[] =>
  [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
    weekday,
    periods: weekday === 7 ? sunday : weekdayPeriods,
  }));

function cell(container: HTMLElement, start: string): HTMLElement {
  const found = container.querySelector<HTMLElement>(`td[data-start="${start}"]`);
  if (!found) throw new Error(`no cell at ${start}`);
  return found;
}

// Monday 23 November 2026, 07:40 UTC.
const mondayMorning = new Date('2026-11-23T07:40:00Z');

/** The chart on Monday morning: weekday prices every day, Sunday's unless given, in pounds. */
function renderChart(
  options: { sunday?: TariffPeriod[] } & Partial<TariffChartProps> = {},
): HTMLElement {
  const { sunday = weekdayPeriods, ...props } = options;
  return render(
    <TariffChart
      variability={{ twentyfourseven: false, regular_hours: week(sunday) }}
      standardRate={0.3}
      currency="GBP"
      now={mondayMorning}
      {...props}
    />,
  ).container;
}

afterEach(async () => {
  await act(() => i18n.changeLanguage('en'));
});

describe('TariffChart (spec 001 §2, §9)', () => {
  it('shows 24 hourly rows of two half-hour prices in the currency', () => {
    const container = renderChart();
    expect(container.querySelectorAll('tbody tr')).toHaveLength(24);
    expect(container.querySelectorAll('td')).toHaveLength(48);
    expect(cell(container, '00:00').textContent).toBe('£0.10');
    expect(cell(container, '07:00').textContent).toBe('£0.50');
  });

  it("issue 19: labels the hour's two half-hour columns", () => {
    renderChart();
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Hour',
      'From :00',
      'From :30',
    ]);
  });

  it('colours above-average red, the rest green, unavailable grey, and fades repeats', () => {
    const container = renderChart();
    // distinct rates 0.10, 0.50, 0.30 average 0.30
    expect(cell(container, '07:00').dataset.level).toBe('above-average');
    expect(cell(container, '09:00').dataset.level).toBe('not-above-average');
    expect(cell(container, '00:00').dataset.level).toBe('not-above-average');
    expect(cell(container, '22:00').dataset.level).toBe('unavailable');
    expect(cell(container, '00:00').classList.contains('tariff-chart__cell--faded')).toBe(false);
    expect(cell(container, '00:30').classList.contains('tariff-chart__cell--faded')).toBe(true);
    expect(cell(container, '09:00').classList.contains('tariff-chart__cell--faded')).toBe(false);
  });

  it("marks the half hour of the current UTC time with the 'now' text", () => {
    const container = renderChart();
    const marked = container.querySelectorAll('.tariff-chart__cell--now');
    expect(marked).toHaveLength(1);
    expect(marked[0]).toBe(cell(container, '07:30'));
    expect(cell(container, '07:30').textContent).toBe('£0.50Now');
  });

  it('labels the now-marker with the key it is given', () => {
    const container = renderChart({
      variability: { twentyfourseven: true, regular_hours: week(weekdayPeriods) },
      currency: 'EUR',
      nowLabelKey: 'tariffChart.title',
    });
    expect(cell(container, '07:30').textContent).toBe('€0.50Price by time of day');
  });

  it('switches weekday when the days differ, marking now only on today', async () => {
    const container = renderChart({ sunday: sundayPeriods });
    expect(screen.getByText('Price per kWh by half hour, Mon (UTC)')).toBeTruthy();
    fireEvent.click(screen.getByText('Sun'));
    expect(await screen.findByText('Price per kWh by half hour, Sun (UTC)')).toBeTruthy();
    expect(cell(container, '07:00').textContent).toBe('£0.20');
    expect(container.querySelectorAll('.tariff-chart__cell--now')).toHaveLength(0);
  });

  it("names the weekdays in the driver's language, Monday first", async () => {
    await act(() => i18n.changeLanguage('cy'));
    const container = renderChart({ sunday: sundayPeriods });
    const days = [...container.querySelectorAll('.tariff-chart__days ion-button')];
    expect(days.map((day) => day.textContent)).toEqual([
      'Llun',
      'Maw',
      'Mer',
      'Iau',
      'Gwe',
      'Sad',
      'Sul',
    ]);
  });

  it('has no weekday switcher when every day is the same', () => {
    renderChart();
    expect(screen.queryByRole('group')).toBeNull();
  });
});
