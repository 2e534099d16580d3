import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { ChargePointSimulator } from '@evc/charger-sim';
import { buildApp } from './app.ts';
import {
  DEMO_CHARGERS,
  DEMO_HOME_ADOPTION_CODE,
  DEMO_HOME_BARCODE,
  DEMO_UNPLUG_AFTER_MINUTES,
} from './modules/chargers/demo-chargers.ts';
import { DEMO_NETWORK } from './modules/chargers/demo-network.ts';
import { createPasswordHasher } from './platform/passwords.ts';
import { DEMO_ACCOUNTS } from './modules/users/demo-accounts.ts';
import {
  createFirstOperator,
  hasOperator,
  OperatorAccountError,
} from './modules/users/operator-accounts.ts';
import { ConfigError, loadConfig, type AppConfig } from './platform/config.ts';
import { openConfiguredDatabase } from './platform/db/database.ts';
import { migrate } from './platform/db/migrate.ts';
import { stopWithin } from './platform/http/drain.ts';
import { seed } from './seed.ts';

async function main(): Promise<void> {
  // Under npm scripts the process runs in apps/server; relative paths are meant from where npm was
  // started (the repository root for `npm start`), which npm passes as INIT_CWD.
  const config = await loadConfig(process.env, process.env.INIT_CWD ?? process.cwd());
  const database = await openConfiguredDatabase(config);
  const applied = await migrate(database);
  const seedStart = performance.now();
  const passwords = createPasswordHasher();
  const seeded = await seed(database, passwords, config.demo);
  const seedMs = Math.round(performance.now() - seedStart);
  const operatorCreated = await createFirstOperator(database.db, passwords, config.firstOperator);
  const {
    app,
    services: { drain },
  } = await buildApp({ config, database });
  app.log.info({ applied, database: database.kind }, 'database ready');
  if (seeded.demoNetworkChargers > 0) {
    app.log.info({ chargers: seeded.demoNetworkChargers, ms: seedMs }, 'demo network seeded');
  }
  if (seeded.retiredDemoAccounts.length > 0) {
    app.log.warn(
      { accounts: seeded.retiredDemoAccounts },
      'demo accounts from an earlier start had their published passwords: replaced by random ones',
    );
  }
  if (operatorCreated) {
    app.log.info({ email: operatorCreated.email }, 'first operator account created');
  } else if (!config.demo.accounts && !(await hasOperator(database.db))) {
    app.log.warn(
      'no operator account: create one with `npm run operator -- create --email EMAIL`, or set OPERATOR_EMAIL and OPERATOR_PASSWORD',
    );
  }

  const simulators: ChargePointSimulator[] = [];
  let stopping = false;
  // Told to stop, the node finishes what it holds within SHUTDOWN_GRACE (ADR 0034); the demo
  // chargers run in this process and stop with it.
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    const graceMs = config.shutdownGraceSeconds * 1000;
    app.log.info({ signal, graceSeconds: config.shutdownGraceSeconds }, 'stopping');
    await Promise.all(simulators.map((simulator) => simulator.stop()));
    const outcome = await stopWithin(app, drain, graceMs);
    await database.close();
    app.log.info({ outcome }, 'stopped');
    process.exit(outcome === 'finished' ? 0 : 1);
  };
  process.once('SIGINT', (signal) => void stop(signal));
  process.once('SIGTERM', (signal) => void stop(signal));

  await app.listen({ port: config.port, host: config.host });
  if (config.demo.simulators) {
    for (const charger of DEMO_CHARGERS) {
      const simulator = new ChargePointSimulator({
        url: `ws://127.0.0.1:${config.port}/ocpp`,
        chargePointId: charger.chargePointId,
        connectors: charger.connectors.length,
        connectorMaxPowerW: charger.connectors.map((connector) => connector.maxPowerKw * 1000),
        serialNumber: `SIM-${charger.barcode}`,
        unplugAfterMs: (DEMO_UNPLUG_AFTER_MINUTES[charger.chargePointId] ?? 0) * 60_000,
      });
      try {
        await simulator.start();
        simulators.push(simulator);
      } catch (error) {
        app.log.warn(
          { chargePointId: charger.chargePointId, error: String(error) },
          'demo charger did not start',
        );
      }
    }
  }
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const lines = [
    '',
    `EV Charge is running at http://${shownHost}:${config.port}`,
    `  database: ${database.kind === 'pglite' ? `PGlite in ${path.join(config.dataDir, 'pglite')}` : 'PostgreSQL (DATABASE_URL)'}`,
    `  mail: ${mailDescription(config, `http://${shownHost}:${config.port}`)}`,
    ...(simulators.length > 0
      ? [
          `  demo chargers (simulated, live): ${DEMO_CHARGERS.map((charger) => `${charger.barcode} ${charger.name}`).join(', ')}`,
          `  demo network (not connected, so Offline): barcodes ${DEMO_NETWORK.firstBarcode}-${DEMO_NETWORK.firstBarcode + DEMO_NETWORK.count - 1}`,
        ]
      : []),
    ...(config.demo.accounts
      ? [
          '  demo accounts:',
          ...DEMO_ACCOUNTS.map(
            (account) => `    ${account.email} / ${account.password}  (${account.what})`,
          ),
        ]
      : []),
    ...(config.demo.chargers
      ? [
          `  demo home charger: adopt charger ${DEMO_HOME_BARCODE} with code ${DEMO_HOME_ADOPTION_CODE} (Home charging, Add charger, on a brand with home charging: http://voltway.localhost:${config.port})`,
        ]
      : []),
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

function mailDescription(config: AppConfig, baseUrl: string): string {
  if (config.smtpUrl) return 'sent over SMTP (SMTP_URL)';
  if (config.nodeEnv === 'production')
    return 'kept in the outbox table (the /dev pages are off in production)';
  return `kept in the outbox, readable at ${baseUrl}/dev/mail`;
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
  } else if (error instanceof OperatorAccountError) {
    process.stderr.write(`OPERATOR_EMAIL, OPERATOR_PASSWORD: ${error.message}\n`);
  } else {
    process.stderr.write(
      `Could not start the server: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
  process.exit(1);
});
