import { describe, expect, it } from 'vitest';
import {
  adoptionErrors,
  homeChargeCost,
  isInWindow,
  minutesOfDay,
  penceToUnits,
  unitsToPence,
  PLAN_NOT_LISTED,
  OTHER_SUPPLIER,
  tariffWizardErrors,
  type AdoptionForm,
  type HomeTariff,
  type TariffWizardForm,
} from './home-tariff.ts';

const LONDON = 'Europe/London';
/** Economy 7 style: 24.5p by day, 7.5p from 00:30 to 07:30. */
const E7: HomeTariff = {
  dayRatePence: 24.5,
  night: { ratePence: 7.5, start: '00:30', end: '07:30' },
  currency: 'GBP',
};
/** A night window across midnight: 23:30 to 05:30 at 9p. */
const ACROSS_MIDNIGHT: HomeTariff = {
  dayRatePence: 30,
  night: { ratePence: 9, start: '23:30', end: '05:30' },
  currency: 'GBP',
};
const slot = (iso: string, kWh: number) => ({ periodStart: new Date(iso), kWh });

describe('penceToUnits (001 §3: rates received in pence, divided by 100)', () => {
  it.each([
    [24.5, 0.245],
    [7, 0.07],
    [0, 0],
  ])('%dp is %d', (pence, units) => {
    expect(penceToUnits(pence)).toBeCloseTo(units, 10);
  });
});

describe('unitsToPence (a rate typed in £ per kWh, kept in pence)', () => {
  it.each([
    [0.245, 24.5],
    [0.07, 7],
    [0.265, 26.5],
    [-0.05, -5],
    [0.12345, 12.345],
    [0, 0],
  ])('%d is %dp', (units, pence) => {
    expect(unitsToPence(units)).toBe(pence);
  });
});

describe('minutesOfDay and isInWindow', () => {
  it.each([
    ['00:00', 0],
    ['07:30', 450],
    ['23:59', 1439],
    ['24:00', null],
    ['7:30', null],
    ['', null],
  ])('%s is minute %s', (time, minutes) => {
    expect(minutesOfDay(time)).toBe(minutes);
  });

  it.each([
    ['inside a day window', 60, [30, 450], true],
    ['at its start', 30, [30, 450], true],
    ['at its end (excluded)', 450, [30, 450], false],
    ['before midnight in a window across it', 1420, [1410, 330], true],
    ['after midnight in a window across it', 300, [1410, 330], true],
    ['outside a window across midnight', 600, [1410, 330], false],
    ['an empty window', 600, [600, 600], false],
  ] as const)('%s', (_case, minute, [start, end], inside) => {
    expect(isInWindow(minute, start, end)).toBe(inside);
  });
});

describe('homeChargeCost: each half hour at the day rate, or the night rate inside its window', () => {
  it.each<[string, HomeTariff, ReturnType<typeof slot>[], number, number]>([
    [
      'all by day (winter, GMT)',
      E7,
      [slot('2026-01-10T14:00:00Z', 2), slot('2026-01-10T14:30:00Z', 2)],
      98,
      0.245,
    ],
    ['all by night', E7, [slot('2026-01-10T01:00:00Z', 4)], 30, 0.075],
    [
      'across the window’s start: 00:00 by day, 00:30 by night',
      E7,
      [slot('2026-01-10T00:00:00Z', 2), slot('2026-01-10T00:30:00Z', 2)],
      64,
      0.16,
    ],
    [
      'across the window’s end: 07:00 by night, 07:30 by day',
      E7,
      [slot('2026-01-10T07:00:00Z', 1), slot('2026-01-10T07:30:00Z', 1)],
      32,
      0.16,
    ],
    [
      'in summer the window is local time (BST): 00:30 BST is 23:30 UTC',
      E7,
      [slot('2026-07-10T23:00:00Z', 1), slot('2026-07-10T23:30:00Z', 1)],
      32,
      0.16,
    ],
    [
      'across midnight in a window that runs past it',
      ACROSS_MIDNIGHT,
      [
        slot('2026-01-10T23:00:00Z', 1),
        slot('2026-01-10T23:30:00Z', 1),
        slot('2026-01-11T00:00:00Z', 1),
        slot('2026-01-11T05:30:00Z', 1),
      ],
      78,
      0.195,
    ],
    [
      'no night rate: all at the day rate',
      { ...E7, night: null },
      [slot('2026-01-10T01:00:00Z', 3)],
      74,
      0.245,
    ],
    ['no energy: nothing, rate 0', E7, [], 0, 0],
    [
      'rounded once, to whole pence: 3 × 0.1 kWh at 24.5p is 7.35p, 7p',
      E7,
      [
        slot('2026-01-10T12:00:00Z', 0.1),
        slot('2026-01-10T12:30:00Z', 0.1),
        slot('2026-01-10T13:00:00Z', 0.1),
      ],
      7,
      0.245,
    ],
  ])('%s', (_case, tariff, slots, total, rate) => {
    expect(homeChargeCost(tariff, slots, LONDON)).toEqual({ total, rate, currency: 'GBP' });
  });
});

const wizard = (extra: Partial<TariffWizardForm>): TariffWizardForm => ({
  supplier: 'Octopus Energy',
  supplierName: '',
  plan: 'Intelligent Octopus Go',
  planName: '',
  postcode: 'LS1 4AP',
  dayRate: '24.5',
  nightRates: false,
  nightRate: '',
  nightStart: '',
  nightEnd: '',
  ...extra,
});

describe('tariffWizardErrors (001 §5 tariff wizard)', () => {
  it.each<[string, Partial<TariffWizardForm>, string[]]>([
    ['a listed supplier and plan, a day rate and a postcode', {}, []],
    ['valid day rate: 24.50p', { dayRate: '24.50' }, []],
    ['valid day rate: a negative one (decimal numbers may be negative)', { dayRate: '-2.5' }, []],
    ['valid day rate: not "024"', { dayRate: '024' }, ['dayRate']],
    ['valid day rate: not "1."', { dayRate: '1.' }, ['dayRate']],
    ['valid day rate: not empty', { dayRate: '' }, ['dayRate']],
    ['postcode required', { postcode: ' ' }, ['postcode']],
    ['plan name required unless "not listed"', { plan: '', planName: '' }, ['planName']],
    ['a plan typed by hand', { plan: '', planName: 'My own plan' }, []],
    ['the plan "not listed" needs no name', { plan: PLAN_NOT_LISTED }, []],
    ['supplier name required for "Other"', { supplier: OTHER_SUPPLIER }, ['supplierName']],
    ['"Other" with its name', { supplier: OTHER_SUPPLIER, supplierName: 'Village Power' }, []],
    [
      'night rates (Yes): a valid night rate, a start and an end time',
      { nightRates: true, nightRate: '7.5', nightStart: '00:30', nightEnd: '07:30' },
      [],
    ],
    [
      'night rates (Yes): start and end time required',
      { nightRates: true, nightRate: '7.5' },
      ['nightStart', 'nightEnd'],
    ],
    [
      'night rates (Yes): valid night rate',
      { nightRates: true, nightRate: 'seven', nightStart: '00:30', nightEnd: '07:30' },
      ['nightRate'],
    ],
    ['night rates (No): nothing of the night asked', { nightRates: false, nightRate: 'x' }, []],
  ])('%s', (_case, extra, errors) => {
    expect(tariffWizardErrors(wizard(extra))).toEqual(errors);
  });
});

describe('adoptionErrors (001 §5: code, terms and privacy, and a name all required)', () => {
  const form = (extra: Partial<AdoptionForm>): AdoptionForm => ({
    accessCode: 'K7Q2-94XD',
    name: 'Driveway',
    termsAccepted: true,
    privacyAccepted: true,
    ...extra,
  });
  it.each<[string, Partial<AdoptionForm>, string[]]>([
    ['everything given', {}, []],
    ['no adoption code', { accessCode: '  ' }, ['accessCode']],
    ['no name', { name: '' }, ['name']],
    ['terms not agreed', { termsAccepted: false }, ['terms']],
    ['privacy not agreed', { privacyAccepted: false }, ['privacy']],
    [
      'nothing given',
      { accessCode: '', name: '', termsAccepted: false, privacyAccepted: false },
      ['accessCode', 'name', 'terms', 'privacy'],
    ],
  ])('%s', (_case, extra, errors) => {
    expect(adoptionErrors(form(extra))).toEqual(errors);
  });
});
