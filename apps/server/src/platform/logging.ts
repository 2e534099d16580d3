import type { FastifyServerOptions } from 'fastify';
import type { AppConfig } from './config.ts';

/** pino through Fastify; secrets that can appear in requests never reach the log. */
export function loggerOptions(
  config: Pick<AppConfig, 'logLevel' | 'nodeEnv'>,
): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie'],
      censor: '[redacted]',
    },
    ...(config.nodeEnv === 'test' ? { level: 'silent' } : {}),
  };
}
