import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/client.ts';

/**
 * POST /development/charger/profile/cleardefault {transactionid} (spec 000 §7): lifts the
 * charger's default charging profile holding this session, so it charges now (ADR 0024: at a
 * public charger the connector's TxDefaultProfile is cleared; at a home charger, a boost).
 */
export function useClearDefaultProfile() {
  return useMutation({
    mutationFn: (transactionid: string) => callApi('clearDefaultProfile', { transactionid }),
  });
}
