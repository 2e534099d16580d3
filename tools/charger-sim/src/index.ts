export {
  ChargePointSimulator,
  type ChargePointStatus,
  type SimulatorOptions,
} from './simulator.ts';
