import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/client.ts';

/** spec 000 §7 GET /development/transaction/user/latest: the driver's latest session, or null. */
export const useLatestCharge = () =>
  useQuery({
    queryKey: ['latestUserTransaction'],
    queryFn: () => callApi('latestUserTransaction', undefined),
    retry: false,
  });
