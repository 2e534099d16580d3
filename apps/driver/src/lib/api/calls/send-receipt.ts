import { useMutation } from '@tanstack/react-query';
import { callApi } from '../client.ts';

/** POST /development/stripe/receipts/send/generic {transactionid}: mails a session's receipt. */
export function useSendReceipt() {
  return useMutation({
    mutationFn: (sessionId: string) => callApi('sendReceipt', { transactionid: sessionId }),
  });
}
