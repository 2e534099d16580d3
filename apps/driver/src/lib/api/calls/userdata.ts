import { callApi } from '../client.ts';

/** POST /userdata: the signed-in user. */
export function userdata() {
  return callApi('userdata', {});
}
