import type { TariffData } from '@evc/contract';
import type { Bus } from '../../platform/bus/bus.ts';
import type { ChargerCommands } from '../charge-point/charger-commands.ts';
import type { TransactionLedger } from '../charge-point/transaction-ledger.ts';
import type { ChargerRepository } from '../chargers/repository.ts';
import type { GuestRepository } from '../guests/repository.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { SessionPayments } from '../payments/session-payments.ts';
import type { ReferenceRepository } from '../reference/repository.ts';
import type { UserRepository } from '../users/repository.ts';
import type { ChargingSessionRepository } from './charging-session-repository.ts';

export interface SessionServiceDeps {
  sessions: ChargingSessionRepository;
  transactions: TransactionLedger;
  chargers: ChargerRepository;
  users: UserRepository;
  guests: GuestRepository;
  reference: ReferenceRepository;
  commands: ChargerCommands;
  payments: SessionPayments;
  mailer: Mailer;
  bus: Bus;
  now: () => Date;
  startTimeoutMs?: number;
  /** How long a claimed settlement may go without a result before it is tried again. */
  settlementRetryMs?: number;
  /** How long a session stopped with the cable in waits for the unplug (its overstay's cap). */
  unplugWaitLimitMs?: number;
  /** The tariff a driver's user group gives them at this charger, if any (affiliations). */
  memberTariff?: (userId: string, chargerId: string) => Promise<TariffData | null>;
  log: { warn: (details: object, message: string) => void };
}
