import { useMutation } from '@tanstack/react-query';
import { callApi } from '../client.ts';

/**
 * POST /development/stripe/receipts/send/generic {transactionid, email?}: mails a session's
 * receipt — to the account's address for a user; a guest names the address (issue 15).
 */
export const sendReceipt = (sessionId: string, email?: string) =>
  callApi(
    'sendReceipt',
    email === undefined ? { transactionid: sessionId } : { transactionid: sessionId, email },
  );

export function useSendReceipt() {
  return useMutation({ mutationFn: (sessionId: string) => sendReceipt(sessionId) });
}

/** A guest's receipt, to the address the guest gives. */
export function useSendGuestReceipt() {
  return useMutation({
    mutationFn: ({ sessionId, email }: { sessionId: string; email: string }) =>
      sendReceipt(sessionId, email),
  });
}
