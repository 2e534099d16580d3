import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import type { PreauthResponse } from '@evc/contract';
import { DEFAULT_HELD_INTENT_REUSE_MS, DEFAULT_INTENT_ABANDON_AFTER_MS } from '@evc/domain';
import type { AppConfig } from '../../platform/config.ts';
import type { Db } from '../../platform/db/database.ts';
import type { Driver } from '../../platform/driver.ts';
import type { RegisterCall } from '../../platform/http/call-registrar.ts';
import type { PaymentObserver } from '../../platform/metrics/observers.ts';
import type { GuestRepository } from '../guests/repository.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { ReferenceRepository } from '../reference/repository.ts';
import type { UserRepository } from '../users/repository.ts';
import { createAbandonedIntentSweep } from './abandoned-intents.ts';
import { createBalanceStatement } from './balance-statement.ts';
import { createBalanceStatementRepository } from './balance-statement-repository.ts';
import { createTopUpSync } from './top-up-sync.ts';
import { createCreditLowAlert } from './credit-low-alert.ts';
import { observedProvider } from './observed-provider.ts';
import type { PaymentProviderFactory } from './payment-provider.ts';
import { createRefunds } from './refunds.ts';
import { registerPaymentRoutes } from './routes.ts';
import { createSandboxClient } from './sandbox-client.ts';
import { createSandboxProvider } from './sandbox-provider.ts';
import { createPaymentsService } from './service.ts';
import { createSessionPayments } from './session-payments-service.ts';
import { registerStripeWebhook } from './stripe-webhook.ts';

export interface PaymentsModuleDeps {
  config: Pick<
    AppConfig,
    | 'appUrl'
    | 'stripeSecretKey'
    | 'stripeApiUrl'
    | 'stripeWebhookSecret'
    | 'intentAbandonAfterSeconds'
    | 'heldIntentReuseSeconds'
  >;
  db: Db;
  users: UserRepository;
  reference: ReferenceRepository;
  mailer: Mailer;
  /** The connector numbers of a charger, or undefined when there is no such charger. */
  connectorsOf: (chargerId: string) => Promise<number[] | undefined>;
  /** The hold a charge by this driver at this charger takes (their group's tariff counts). */
  preauth: (chargerId: string, driver: Driver) => Promise<PreauthResponse>;
  guests: GuestRepository;
  now: () => Date;
  /** How often this node sweeps abandoned intents (tests shorten it). */
  intentSweepIntervalMs?: number;
  /** Told each provider call's outcome (metrics on). */
  observePayment?: PaymentObserver;
  log: FastifyBaseLogger;
}

/**
 * Payments on the configured provider (Stripe with a key, the sandbox without): the driver's
 * calls, the sandbox's client calls, Stripe's webhook, the sweep of abandoned intents, and how
 * charging sessions are paid.
 */
export async function createPaymentsModule(deps: PaymentsModuleDeps) {
  const { config, db } = deps;
  const { stripe, provider: unobserved } = await paymentProvider(config);
  const provider = deps.observePayment
    ? observedProvider(unobserved, deps.observePayment)
    : unobserved;
  const limits = {
    abandonAfterMs:
      (config.intentAbandonAfterSeconds ?? 0) * 1000 || DEFAULT_INTENT_ABANDON_AFTER_MS,
    heldReuseMs: (config.heldIntentReuseSeconds ?? 0) * 1000 || DEFAULT_HELD_INTENT_REUSE_MS,
  };
  const service = createPaymentsService({
    db,
    provider,
    users: deps.users,
    guests: deps.guests,
    connectorsOf: deps.connectorsOf,
    preauth: deps.preauth,
    now: deps.now,
    heldIntentReuseMs: limits.heldReuseMs,
  });
  const sandbox = createSandboxClient({ db, enabled: !stripe, now: deps.now });
  const sessionPayments = createSessionPayments({
    db,
    provider,
    users: deps.users,
    onBalanceDebited: createCreditLowAlert({
      users: deps.users,
      reference: deps.reference,
      mailer: deps.mailer,
      appUrl: config.appUrl,
      log: deps.log,
    }),
  });
  const intentSweep = createAbandonedIntentSweep({
    db,
    provider,
    limits,
    now: deps.now,
    intervalMs:
      deps.intentSweepIntervalMs ?? Math.max(50, Math.min(limits.abandonAfterMs / 4, 60_000)),
    log: deps.log,
  });

  return {
    /** How charging sessions are paid: the sessions module authorises, settles and releases. */
    sessionPayments,
    /** The sweep cancelling intents nobody will use (ADR 0011). */
    intentSweep,
    /** Support's refunds and balance credits (issue 18). */
    refunds: createRefunds({ db, provider }),
    /** Top-ups the provider took and its webhook has not yet told of, recorded (issue 19). */
    syncTopUps: createTopUpSync({ db, provider, now: deps.now }),
    async registerRoutes(app: FastifyInstance, register: RegisterCall): Promise<void> {
      if (stripe && config.stripeWebhookSecret) {
        await registerStripeWebhook(app, { db, stripe, webhookSecret: config.stripeWebhookSecret });
      }
      registerPaymentRoutes(
        register,
        service,
        sandbox,
        createBalanceStatement({
          statements: createBalanceStatementRepository(db),
          reference: deps.reference,
        }),
      );
      app.addHook('onClose', () => Promise.resolve(intentSweep.close()));
    },
  };
}

export type PaymentsModule = Awaited<ReturnType<typeof createPaymentsModule>>;

/** Stripe with a key, its library loaded only then (ADR 0032); the sandbox without. */
async function paymentProvider(
  config: PaymentsModuleDeps['config'],
): Promise<{ stripe: Stripe | undefined; provider: PaymentProviderFactory }> {
  if (!config.stripeSecretKey) return { stripe: undefined, provider: createSandboxProvider };
  const { createStripeClient, createStripeProviderFactory } = await import('./stripe-provider.ts');
  const stripe = createStripeClient({
    secretKey: config.stripeSecretKey,
    apiUrl: config.stripeApiUrl,
  });
  return { stripe, provider: createStripeProviderFactory(stripe) };
}
