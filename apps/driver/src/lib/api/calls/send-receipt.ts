import { useMutation } from '@tanstack/react-query';
import { callApi } from '../client.ts';

/** POST /development/stripe/receipts/send/generic {transactionid}: mails a session's receipt. */
export const sendReceipt = (sessionId: string) =>
  callApi('sendReceipt', { transactionid: sessionId });

export function useSendReceipt() {
  return useMutation({ mutationFn: sendReceipt });
}
