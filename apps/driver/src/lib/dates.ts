import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, isSupportedLanguage, type LanguageCode } from '@evc/domain';
import { useBrand } from './brand.ts';

/** The ways the app shows a moment; one set of options each, so every page reads alike. */
export const DATE_STYLES = {
  /** 23 Nov 2026, 14:05 */
  dateTime: { dateStyle: 'medium', timeStyle: 'short' },
  /** 23 Nov 2026 */
  date: { dateStyle: 'medium' },
  /** 23 November 2026 */
  longDate: { dateStyle: 'long' },
  /** Mon */
  weekday: { weekday: 'short' },
  /** 23/11 */
  dayMonth: { day: 'numeric', month: 'numeric' },
  /** Nov */
  month: { month: 'short' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

export type DateStyle = keyof typeof DATE_STYLES;

/** Month and weekday names (January first, Monday first), from the app's own translations. */
export interface CalendarNames {
  monthsShort: readonly string[];
  monthsLong: readonly string[];
  weekdaysShort: readonly string[];
  weekdaysLong: readonly string[];
}

export interface DateLocale {
  /** The tag Intl formats with. */
  locale: string;
  /** Whether month and weekday names come from our translations because Intl lacks the language. */
  ownNames: boolean;
}

/**
 * Whether this Intl formats in exactly this locale, with its own data. A browser set to a
 * language it has no data for (Chromium set to Welsh) claims the locale and writes ICU's root
 * forms ("2026 M11 23", "£ 1.04"), so the month it writes is checked too.
 */
export function intlHasLocale(tag: string): boolean {
  try {
    const format = new Intl.DateTimeFormat(tag, { month: 'long', timeZone: 'UTC' });
    return (
      format.resolvedOptions().locale === tag &&
      !/^M\d+$/.test(format.format(Date.UTC(2024, 10, 15)))
    );
  } catch {
    return false;
  }
}

/** spec 000 §9: the default country is GB, so English without a known region reads the British way. */
const FALLBACK_LOCALE = 'en-GB';

/**
 * The locale dates are formatted in: the language with the brand's country when Intl knows that
 * pair (en-GB, en-IE, en-AE, fr-FR), else the language alone — except English alone, which would
 * read the American way. A language Intl lacks (Chromium ships no Welsh) takes the brand's English
 * layout, with its month and weekday names supplied from our translations.
 */
export function dateLocale(
  language: LanguageCode,
  country: string,
  hasLocale: (tag: string) => boolean = intlHasLocale,
): DateLocale {
  const regional = `${language}-${country}`;
  if (hasLocale(regional)) return { locale: regional, ownNames: false };
  if (language !== 'en' && hasLocale(language)) return { locale: language, ownNames: false };
  const english = hasLocale(`en-${country}`) ? `en-${country}` : FALLBACK_LOCALE;
  return { locale: english, ownNames: language !== 'en' };
}

type NamedPart = 'month' | 'weekday';

/** Index of each name the layout locale writes (e.g. "Nov" -> 10), with whether it is the long form. */
function namesOf(
  locale: string,
  part: NamedPart,
  options: Intl.DateTimeFormatOptions,
): Map<string, { index: number; long: boolean }> {
  const count = part === 'month' ? 12 : 7;
  // 2024-01-01 was a Monday: day i of January is weekday i, the 15th of month i is in month i.
  const dateOf = (index: number) =>
    part === 'month' ? new Date(Date.UTC(2024, index, 15)) : new Date(Date.UTC(2024, 0, 1 + index));
  const nameIn = (format: Intl.DateTimeFormatOptions, index: number) =>
    new Intl.DateTimeFormat(locale, { ...format, timeZone: 'UTC' })
      .formatToParts(dateOf(index))
      .find((found) => found.type === part)?.value;
  const found = new Map<string, { index: number; long: boolean }>();
  for (let index = 0; index < count; index += 1) {
    const written = nameIn(options, index);
    // a numeric month (23/11) has no name to replace
    if (written !== undefined && !/^\p{Nd}+$/u.test(written)) {
      found.set(written, { index, long: written === nameIn({ [part]: 'long' }, index) });
    }
  }
  return found;
}

export interface DateFormatter {
  format(date: Date | string | number): string;
}

/**
 * A formatter for one style. With `ownNames`, Intl lays the date out and each month or weekday
 * name it writes is replaced by ours, so the order, digits and time stay the locale's.
 */
export function dateFormatter(
  where: DateLocale,
  style: DateStyle,
  names: CalendarNames,
  timeZone?: string,
): DateFormatter {
  const options: Intl.DateTimeFormatOptions = { ...DATE_STYLES[style], timeZone };
  const intl = new Intl.DateTimeFormat(where.locale, options);
  if (!where.ownNames) return { format: (date) => intl.format(new Date(date)) };
  const lookups: Record<NamedPart, ReturnType<typeof namesOf>> = {
    month: namesOf(where.locale, 'month', DATE_STYLES[style]),
    weekday: namesOf(where.locale, 'weekday', DATE_STYLES[style]),
  };
  const ours = (part: NamedPart, written: string): string => {
    const known = lookups[part].get(written);
    if (!known) return written;
    const list =
      part === 'month'
        ? known.long
          ? names.monthsLong
          : names.monthsShort
        : known.long
          ? names.weekdaysLong
          : names.weekdaysShort;
    return list[known.index] || written;
  };
  return {
    format: (date) =>
      intl
        .formatToParts(new Date(date))
        .map((piece) =>
          piece.type === 'month' || piece.type === 'weekday'
            ? ours(piece.type, piece.value)
            : piece.value,
        )
        .join(''),
  };
}

export interface Dates {
  format(date: Date | string | number, style: DateStyle, options?: { timeZone?: string }): string;
}

/**
 * The names in a language's `dates` translations, which number months 1–12 and weekdays 1–7 from
 * Monday (ISO 8601); a name that is missing leaves Intl's in place.
 */
export function calendarNamesFrom(dates: unknown): CalendarNames {
  const group = (key: string, count: number): string[] => {
    const found: unknown =
      typeof dates === 'object' && dates !== null ? Reflect.get(dates, key) : null;
    return Array.from({ length: count }, (_, index) => {
      const name: unknown =
        typeof found === 'object' && found !== null ? Reflect.get(found, String(index + 1)) : '';
      return typeof name === 'string' ? name : '';
    });
  };
  return {
    monthsShort: group('monthsShort', 12),
    monthsLong: group('monthsLong', 12),
    weekdaysShort: group('weekdaysShort', 7),
    weekdaysLong: group('weekdaysLong', 7),
  };
}

function useAppLanguage(): LanguageCode {
  const { i18n } = useTranslation();
  const current = i18n.resolvedLanguage ?? i18n.language;
  return isSupportedLanguage(current) ? current : DEFAULT_LANGUAGE;
}

/**
 * The locale numbers and money are written in: the dates' layout locale (the driver's language
 * with the brand's country where Intl knows it; British English's layout for a language it lacks,
 * which is how Welsh writes £1,234.50).
 */
export function useFormatLocale(): string {
  const language = useAppLanguage();
  const { brand } = useBrand();
  return useMemo(
    () => dateLocale(language, brand.defaultCountry).locale,
    [language, brand.defaultCountry],
  );
}

/** Dates in the driver's language and the brand's country, the one way every page shows them. */
export function useDates(): Dates {
  const { t } = useTranslation();
  const { brand } = useBrand();
  const language = useAppLanguage();
  // The names arrive with the language's translation file, after the first render: the memo
  // follows their text, not the new object each render makes.
  const namesKey = JSON.stringify(
    calendarNamesFrom(t('dates', { returnObjects: true, lng: language })),
  );
  return useMemo(() => {
    const names = JSON.parse(namesKey) as CalendarNames;
    const where = dateLocale(language, brand.defaultCountry);
    const formatters = new Map<string, DateFormatter>();
    return {
      format(date, style, options = {}) {
        const key = `${style}|${options.timeZone ?? ''}`;
        let formatter = formatters.get(key);
        if (!formatter) {
          formatter = dateFormatter(where, style, names, options.timeZone);
          formatters.set(key, formatter);
        }
        return formatter.format(date);
      },
    };
  }, [language, brand.defaultCountry, namesKey]);
}
