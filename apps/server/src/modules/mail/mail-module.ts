import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../platform/config.ts';
import type { Db } from '../../platform/db/database.ts';
import { registerDevMailRoutes } from './dev-routes.ts';
import { createOutboxMailer, createSmtpMailer, type Mailer } from './mailer.ts';
import { createOutboxRepository } from './outbox-repository.ts';

/** Mail over SMTP when configured, else kept in the outbox, readable on the development pages. */
export function createMailModule(deps: {
  db: Db;
  config: Pick<AppConfig, 'smtpUrl' | 'mailFrom' | 'nodeEnv'>;
  /** Replaces the SMTP or outbox mailer. */
  mailer?: Mailer;
}) {
  const { config } = deps;
  const outbox = createOutboxRepository(deps.db);
  const mailer =
    deps.mailer ??
    (config.smtpUrl
      ? createSmtpMailer(config.smtpUrl, config.mailFrom, outbox)
      : createOutboxMailer(outbox));
  return {
    mailer,
    registerRoutes(app: FastifyInstance): void {
      if (config.nodeEnv !== 'production') registerDevMailRoutes(app, outbox);
    },
  };
}
