// Connects simulated charge points to a central system:
//   npm start --workspace tools/charger-sim -- --url ws://localhost:8080/ocpp --id CP-1 [--id CP-2] [--password P] [--connectors 2]
//     [--meter-interval 10] [--max-power 22 | --max-power 150,22 (per connector)] [--unplug-after 0] [--tag CARD-1 [--tag-connector 1]]
//     [--reconnect-delay 1] (connect again this many seconds after a lost connection, as a real
//     charger does when its node restarts; default: stay disconnected)
import { parseArgs } from 'node:util';
import { ChargePointSimulator } from './simulator.ts';

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: 'ws://localhost:8080/ocpp' },
    id: { type: 'string', multiple: true },
    password: { type: 'string' },
    connectors: { type: 'string', default: '2' },
    'meter-interval': { type: 'string', default: '10' },
    'max-power': { type: 'string', default: '22' },
    'unplug-after': { type: 'string', default: '0' },
    tag: { type: 'string' },
    'tag-connector': { type: 'string', default: '1' },
    'reconnect-delay': { type: 'string' },
  },
});
const ids = values.id ?? [];
if (ids.length === 0) {
  console.error(
    'usage: --url ws://HOST/ocpp --id CHARGE_POINT_ID [--id …] [--password P] [--connectors N] [--meter-interval SECONDS] [--max-power KW[,KW per connector]] [--unplug-after SECONDS] [--tag ID_TAG [--tag-connector N]] [--reconnect-delay SECONDS]',
  );
  process.exit(2);
}
const connectors = Number(values.connectors);
const maxPowerW = values['max-power'].split(',').map((kw) => Number(kw) * 1000);
const simulators = ids.map(
  (chargePointId) =>
    new ChargePointSimulator({
      url: values.url,
      chargePointId,
      password: values.password,
      connectors,
      meterIntervalMs: Number(values['meter-interval']) * 1000,
      maxPowerW: maxPowerW[0],
      connectorMaxPowerW: maxPowerW,
      unplugAfterMs: Number(values['unplug-after']) * 1000,
      ...(values['reconnect-delay'] === undefined
        ? {}
        : { reconnectDelayMs: Number(values['reconnect-delay']) * 1000 }),
    }),
);
for (const simulator of simulators) {
  const { interval } = await simulator.start();
  console.log(`${simulator.options.chargePointId}: booted, heartbeat every ${interval} s`);
  if (values.tag) {
    const status = await simulator.presentTag(Number(values['tag-connector']), values.tag);
    console.log(`${simulator.options.chargePointId}: tag ${values.tag} ${status}`);
  }
}
const stop = () => {
  void Promise.all(simulators.map((simulator) => simulator.stop())).then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
