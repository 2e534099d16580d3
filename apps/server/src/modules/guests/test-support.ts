import { expect } from 'vitest';
import { eq } from 'drizzle-orm';
import type { TokenData } from '@evc/contract';
import { guests } from '../../platform/db/schema.ts';
import type { TestApp } from '../../test/test-app.ts';

export interface TestGuest {
  code: string;
  id: string;
  token: string;
  tokens: TokenData;
}

/** A new guest signed in on a device, as the app does: an identifier, then its tokens. */
export async function newGuest(t: TestApp, uuid = 'guest-device'): Promise<TestGuest> {
  const identifier = await t.call('guestIdentifier');
  expect(identifier.status).toBe(200);
  const { code } = identifier.body.data as { code: string };
  const answer = await t.call('guestTokens', { params: { code }, query: { uuid } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const tokens = answer.body.data as TokenData;
  return { code, id: (await guestRow(t, code)).id, token: tokens.auth.token, tokens };
}

/** A guest's row by code. */
export async function guestRow(t: TestApp, code: string) {
  const [row] = await t.database.db.select().from(guests).where(eq(guests.code, code));
  if (!row) throw new Error(`no guest ${code}`);
  return row;
}
