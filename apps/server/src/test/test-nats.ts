import { randomBytes } from 'node:crypto';
import type { Bus } from '../platform/bus/bus.ts';
import { createNatsBus } from '../platform/bus/nats-bus.ts';

/**
 * The NATS server the multi-node tests use; they are skipped when it is unset. Not `NATS_URL`,
 * which would make every server a test starts (the browser tests' too) one of several nodes.
 */
export const NATS_URL = process.env.TEST_NATS_URL;

/** A subject prefix of its own for each test file, so parallel runs on one NATS never cross. */
export const testSubjectPrefix = (): string => `test-${randomBytes(6).toString('hex')}`;

/** One node's connection to the test NATS server under `subjectPrefix`. */
export function connectTestNode(subjectPrefix: string, name: string): Promise<Bus> {
  if (!NATS_URL) throw new Error('TEST_NATS_URL is not set');
  return createNatsBus({ servers: NATS_URL, subjectPrefix, name });
}
