import { callApi } from '../client.ts';

/** GET /development/guest/tokens/{code}?uuid=: this device's tokens for a guest code. */
export const guestTokens = (code: string, uuid: string) =>
  callApi('guestTokens', undefined, { params: { code }, query: { uuid } });
