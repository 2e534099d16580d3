/** spec 001 §2: the charger info period tabs, DAY (Today), WEEK, MONTH and YEAR. */
export const CHARGER_INFO_PERIODS = ['DAY', 'WEEK', 'MONTH', 'YEAR'] as const;
export type ChargerInfoPeriod = (typeof CHARGER_INFO_PERIODS)[number];

/** spec 001 §2: a period tab as asked for (an address, a saved tab); unknown values fall back to DAY. */
export function chargerInfoPeriod(value: string | null | undefined): ChargerInfoPeriod {
  return CHARGER_INFO_PERIODS.find((period) => period === value) ?? 'DAY';
}
