import { callApi } from '../client.ts';

/** POST /checkToken: whether the access token is good, until when, and whether it is a masquerade's. */
export function checkToken() {
  return callApi('checkToken', {});
}
