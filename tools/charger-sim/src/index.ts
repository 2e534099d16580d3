export {
  ChargePointSimulator,
  type ChargePointStatus,
  type SimulatorOptions,
} from './simulator.ts';
export type { ChargingProfile } from './charging-profiles.ts';
