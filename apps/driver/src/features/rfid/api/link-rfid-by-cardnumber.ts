import type { CallRequest } from '@evc/contract';
import { callApi } from '../../../lib/api/client.ts';

/** spec 000 §7: POST /linkRFIDByCardnumber — links a card by its typed number; answers the card. */
export function linkRfidByCardnumber(request: CallRequest<'linkRFIDByCardnumber'>) {
  return callApi('linkRFIDByCardnumber', request);
}
