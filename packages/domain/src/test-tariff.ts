import type { SessionTariff } from './session-cost.ts';

/** Tests' tariff: 45p/kWh and nothing else, with `extra` changing any field. */
export const testTariff = (extra: Partial<SessionTariff> = {}): SessionTariff => ({
  standard_rate: 0.45,
  alternate_rate: null,
  alternate_time: null,
  connection_cost: 0,
  costperperiod: 0,
  period: 0,
  initialperiod: 0,
  overstaycostperperiod: 0,
  overstayperiod: 0,
  overstaygraceperiod: 0,
  variability: null,
  ...extra,
});
