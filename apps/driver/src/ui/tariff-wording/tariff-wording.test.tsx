import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { tariffInput } from '@evc/contract';
import { i18n } from '../../lib/i18n.ts';
import { TariffWording } from './tariff-wording.tsx';

const winterEvening = new Date('2026-01-12T16:40:00Z');
const summerEvening = new Date('2026-07-13T16:40:00Z');

function shown() {
  const wording = screen.getByTestId('tariff-wording');
  return {
    energy: wording.querySelector('strong')?.textContent,
    fees: [...wording.querySelectorAll('li')].map((item) => item.textContent),
  };
}

afterEach(async () => {
  await act(() => i18n.changeLanguage('en'));
});

describe('TariffWording (issue 19: tariff wording a driver reads at a glance)', () => {
  it("reads 'Day 69p/kWh · 20:00–00:00 49p/kWh', 'Time fee £1.00/h', 'Overstay £5.00/h after 30 min'", () => {
    const tariff = tariffInput.parse({
      standard_rate: 0.69,
      alternate_rate: 0.49,
      alternate_time: '20:00',
      currency: 'GBP',
      costperperiod: 100,
      period: 60,
      overstaycostperperiod: 500,
      overstayperiod: 60,
      overstaygraceperiod: 30,
    });
    render(<TariffWording tariff={tariff} now={winterEvening} timeZone="Europe/London" />);
    expect(shown()).toEqual({
      energy: 'Day 69p/kWh · 20:00–00:00 49p/kWh',
      fees: ['Time fee £1.00/h', 'Overstay £5.00/h after 30 min'],
    });
  });

  it("headlines a variable tariff's price now, until a local time (BST, not UTC)", () => {
    const periods = Array.from({ length: 48 }, (_, period) => ({
      standard_rate: period >= 32 && period < 38 ? 0.52 : 0.3,
      available: true,
    }));
    const tariff = tariffInput.parse({
      standard_rate: 0.3,
      currency: 'GBP',
      variability: {
        twentyfourseven: true,
        regular_hours: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, periods })),
      },
    });
    render(<TariffWording tariff={tariff} now={summerEvening} timeZone="Europe/London" />);
    expect(shown()).toEqual({ energy: 'Now 52p/kWh until 20:00', fees: [] });
  });

  it('words a time fee after free minutes, per 30 minutes, in Welsh', async () => {
    await act(() => i18n.changeLanguage('cy'));
    const tariff = tariffInput.parse({
      standard_rate: 0.45,
      currency: 'GBP',
      costperperiod: 50,
      period: 30,
      initialperiod: 60,
    });
    render(<TariffWording tariff={tariff} now={winterEvening} timeZone="Europe/London" />);
    expect(shown()).toEqual({
      energy: '45p/kWh',
      fees: ['Ffi amser £0.50 fesul 30 munud ar ôl 60 munud'],
    });
  });
});
