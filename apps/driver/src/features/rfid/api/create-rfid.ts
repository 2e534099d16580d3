import type { CallRequest } from '@evc/contract';
import { callApi } from '../../../lib/api/client.ts';

/** spec 000 §7: POST /createRFID — links a card scanned at a charger; answers the card. */
export function createRfid(request: CallRequest<'createRFID'>) {
  return callApi('createRFID', request);
}
