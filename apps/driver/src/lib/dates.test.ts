import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { LanguageCode } from '@evc/domain';
import {
  calendarNamesFrom,
  dateFormatter,
  dateLocale,
  intlHasLocale,
  type CalendarNames,
  type DateLocale,
  type DateStyle,
} from './dates.ts';

function namesOf(language: LanguageCode): CalendarNames {
  const file = join(
    import.meta.dirname,
    '..',
    '..',
    'public',
    'assets',
    'i18n',
    `${language}.json`,
  );
  return calendarNamesFrom((JSON.parse(readFileSync(file, 'utf8')) as { dates: unknown }).dates);
}

/** Chromium's Intl, which has no Welsh (checked in the built app: 'cy' resolves to en-US). */
const withoutWelsh = (tag: string) => !tag.startsWith('cy') && intlHasLocale(tag);

// Monday 23 November 2026, 14:05 UTC
const moment = new Date(Date.UTC(2026, 10, 23, 14, 5));

function format(where: DateLocale, language: LanguageCode, style: DateStyle): string {
  return dateFormatter(where, style, namesOf(language), 'UTC').format(moment);
}

describe('dateLocale', () => {
  it.each([
    ['en', 'GB', 'en-GB'],
    ['en', 'IE', 'en-IE'],
    ['en', 'AE', 'en-AE'],
    ['fr', 'FR', 'fr-FR'],
    ['fr', 'GB', 'fr'],
    ['es', 'ES', 'es-ES'],
    ['it', 'GB', 'it'],
    ['cy', 'GB', 'cy-GB'],
  ] as const)('%s with a %s brand formats in %s', (language, country, locale) => {
    expect(dateLocale(language, country)).toEqual({ locale, ownNames: false });
  });

  it('reads English the British way when Intl does not know the brand country', () => {
    expect(dateLocale('en', 'ZZ', (tag) => tag === 'en-GB' || tag === 'en')).toEqual({
      locale: 'en-GB',
      ownNames: false,
    });
  });

  it.each([
    ['GB', 'en-GB'],
    ['IE', 'en-IE'],
  ] as const)(
    'lays Welsh out as the %s brand English does, with our names, where Intl has no Welsh',
    (country, locale) => {
      expect(dateLocale('cy', country, withoutWelsh)).toEqual({ locale, ownNames: true });
    },
  );
});

describe('dates in the five languages (GB brand)', () => {
  it.each([
    ['en', '23 Nov 2026, 14:05', '23 Nov 2026', '23 November 2026', 'Mon', '23/11', 'Nov'],
    ['fr', '23 nov. 2026, 14:05', '23 nov. 2026', '23 novembre 2026', 'lun.', '23/11', 'nov.'],
    ['es', '23 nov 2026, 14:05', '23 nov 2026', '23 de noviembre de 2026', 'lun', '23/11', 'nov'],
    ['it', '23 nov 2026, 14:05', '23 nov 2026', '23 novembre 2026', 'lun', '23/11', 'nov'],
    ['cy', '23 Tach 2026, 14:05', '23 Tach 2026', '23 Tachwedd 2026', 'Llun', '23/11', 'Tach'],
  ] as const)(
    '%s: %s · %s · %s · %s · %s · %s',
    (language, dateTime, date, longDate, weekday, dayMonth, month) => {
      const where = dateLocale(language, 'GB', withoutWelsh);
      expect(format(where, language, 'dateTime')).toBe(dateTime);
      expect(format(where, language, 'date')).toBe(date);
      expect(format(where, language, 'longDate')).toBe(longDate);
      expect(format(where, language, 'weekday')).toBe(weekday);
      expect(format(where, language, 'dayMonth')).toBe(dayMonth);
      expect(format(where, language, 'month')).toBe(month);
    },
  );

  it.each([
    [0, 'Llun'],
    [1, 'Maw'],
    [2, 'Mer'],
    [3, 'Iau'],
    [4, 'Gwe'],
    [5, 'Sad'],
    [6, 'Sul'],
  ])('Welsh weekday %i from our names is %s', (offset, name) => {
    const where = dateLocale('cy', 'GB', withoutWelsh);
    const monday = Date.UTC(2026, 10, 23);
    expect(
      dateFormatter(where, 'weekday', namesOf('cy'), 'UTC').format(monday + offset * 86_400_000),
    ).toBe(name);
  });

  it.each([
    [0, 'Ionawr'],
    [4, 'Mai'],
    [6, 'Gorffennaf'],
    [11, 'Rhagfyr'],
  ])('Welsh month %i from our names is %s', (month, name) => {
    const where = dateLocale('cy', 'GB', withoutWelsh);
    expect(
      dateFormatter(where, 'longDate', namesOf('cy'), 'UTC').format(Date.UTC(2026, month, 2)),
    ).toBe(`2 ${name} 2026`);
  });

  it('writes the day in the time zone asked for', () => {
    const where = dateLocale('en', 'GB');
    const lateEvening = Date.UTC(2026, 10, 23, 23, 30);
    expect(dateFormatter(where, 'date', namesOf('en'), 'UTC').format(lateEvening)).toBe(
      '23 Nov 2026',
    );
    expect(dateFormatter(where, 'date', namesOf('en'), 'Europe/Paris').format(lateEvening)).toBe(
      '24 Nov 2026',
    );
  });
});

describe('calendarNamesFrom', () => {
  it('numbers months from January and weekdays from Monday, leaving a missing name to Intl', () => {
    const names = calendarNamesFrom({ monthsShort: { '1': 'Ion', '11': 'Tach' } });
    expect(names.monthsShort).toHaveLength(12);
    expect(names.monthsShort[0]).toBe('Ion');
    expect(names.weekdaysLong).toEqual(['', '', '', '', '', '', '']);
    const where = dateLocale('cy', 'GB', withoutWelsh);
    expect(dateFormatter(where, 'date', names, 'UTC').format(moment)).toBe('23 Tach 2026');
    expect(dateFormatter(where, 'longDate', names, 'UTC').format(moment)).toBe('23 November 2026');
  });
});
