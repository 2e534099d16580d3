import type { FastifyInstance } from 'fastify';
import type { PreauthResponse } from '@evc/contract';
import { DEFAULT_HELD_INTENT_REUSE_MS, DEFAULT_INTENT_ABANDON_AFTER_MS } from '@evc/domain';
import type { AppConfig } from '../../platform/config.ts';
import type { Db } from '../../platform/db/database.ts';
import type { RegisterCall } from '../../platform/http/call-registrar.ts';
import type { ChargerRepository } from '../chargers/repository.ts';
import type { UserRepository } from '../users/repository.ts';
import { createAbandonedIntentSweep } from './abandoned-intents.ts';
import './fastify-payments.ts';
import type { PaymentProviderFactory } from './payment-provider.ts';
import type { BalanceMove } from './repository.ts';
import { registerPaymentRoutes } from './routes.ts';
import { createSandboxClient } from './sandbox-client.ts';
import { createSandboxProvider } from './sandbox-provider.ts';
import { createPaymentsService } from './service.ts';
import { createSessionPayments } from './session-payments-service.ts';
import { createStripeClient, createStripeProviderFactory } from './stripe-provider.ts';
import { registerStripeWebhook } from './stripe-webhook.ts';

/**
 * Payments on the configured provider (Stripe with a key, the sandbox without): the driver's
 * calls, the sandbox's client calls, Stripe's webhook, and `app.payments` for the sessions module.
 */
export async function registerPayments(
  app: FastifyInstance,
  register: RegisterCall,
  deps: {
    config: AppConfig;
    db: Db;
    users: UserRepository;
    chargers: ChargerRepository;
    /** The hold a charge by this driver at this charger takes (their group's tariff counts). */
    preauth: (chargerId: string, userId: string) => Promise<PreauthResponse>;
    now: () => Date;
    /** Told of each committed debit of a driver's credit balance. */
    onBalanceDebited?: (debit: BalanceMove) => Promise<void>;
    /** How often this node sweeps abandoned intents (tests shorten it). */
    intentSweepIntervalMs?: number;
  },
) {
  const { config, db } = deps;
  let provider: PaymentProviderFactory = createSandboxProvider;
  if (config.stripeSecretKey) {
    const stripe = createStripeClient({
      secretKey: config.stripeSecretKey,
      apiUrl: config.stripeApiUrl,
    });
    provider = createStripeProviderFactory(stripe);
    if (config.stripeWebhookSecret) {
      await registerStripeWebhook(app, { db, stripe, webhookSecret: config.stripeWebhookSecret });
    }
  }
  const limits = {
    abandonAfterMs:
      (config.intentAbandonAfterSeconds ?? 0) * 1000 || DEFAULT_INTENT_ABANDON_AFTER_MS,
    heldReuseMs: (config.heldIntentReuseSeconds ?? 0) * 1000 || DEFAULT_HELD_INTENT_REUSE_MS,
  };
  const service = createPaymentsService({
    ...deps,
    provider,
    heldIntentReuseMs: limits.heldReuseMs,
  });
  const sandbox = createSandboxClient({ db, enabled: !config.stripeSecretKey, now: deps.now });
  registerPaymentRoutes(register, service, sandbox);
  app.decorate(
    'payments',
    createSessionPayments({
      db,
      provider,
      users: deps.users,
      onBalanceDebited: deps.onBalanceDebited,
    }),
  );
  const sweep = createAbandonedIntentSweep({
    db,
    provider,
    limits,
    now: deps.now,
    intervalMs:
      deps.intentSweepIntervalMs ?? Math.max(50, Math.min(limits.abandonAfterMs / 4, 60_000)),
    log: app.log,
  });
  app.decorate('intentSweep', sweep);
  app.addHook('onClose', () => Promise.resolve(sweep.close()));
}
