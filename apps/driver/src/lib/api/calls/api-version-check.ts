import { callApi } from '../client.ts';

/** GET /apiVersionCheck: the app version the server accepts (spec 000 §5). */
export function apiVersionCheck() {
  return callApi('apiVersionCheck', undefined);
}
