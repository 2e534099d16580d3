import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api/api-error.ts';

/** Client errors (4xx) are answers, not hiccups: only retry when there was no answer or a 5xx. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failures, error) =>
          failures < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
        refetchOnWindowFocus: false,
      },
    },
  });
}
