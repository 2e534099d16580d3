import { callApi } from '../client.ts';

/** GET /development/guest/identifier: a new guest code (spec 000 §7). */
export async function guestIdentifier(): Promise<string> {
  return (await callApi('guestIdentifier', undefined)).code;
}
