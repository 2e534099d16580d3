// Connects simulated charge points to a central system:
//   npm start --workspace tools/charger-sim -- --url ws://localhost:8080/ocpp --id CP-1 [--id CP-2] [--password P] [--connectors 2]
import { parseArgs } from 'node:util';
import { ChargePointSimulator } from './simulator.ts';

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: 'ws://localhost:8080/ocpp' },
    id: { type: 'string', multiple: true },
    password: { type: 'string' },
    connectors: { type: 'string', default: '2' },
  },
});
const ids = values.id ?? [];
if (ids.length === 0) {
  console.error(
    'usage: --url ws://HOST/ocpp --id CHARGE_POINT_ID [--id …] [--password P] [--connectors N]',
  );
  process.exit(2);
}
const connectors = Number(values.connectors);
const simulators = ids.map(
  (chargePointId) =>
    new ChargePointSimulator({
      url: values.url,
      chargePointId,
      password: values.password,
      connectors,
    }),
);
for (const simulator of simulators) {
  const { interval } = await simulator.start();
  console.log(`${simulator.options.chargePointId}: booted, heartbeat every ${interval} s`);
}
const stop = () => {
  void Promise.all(simulators.map((simulator) => simulator.stop())).then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
