import { onlineManager, QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api/api-error.ts';

/** Client errors (4xx) are answers, not hiccups: only retry when there was no answer or a 5xx. */
export function createQueryClient(): QueryClient {
  // TanStack Query takes the device as online until an offline event; a start without connection
  // must not fail every query before that (issue 19): they wait, showing what was last loaded.
  onlineManager.setOnline(navigator.onLine);
  const client = new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failures, error) =>
          failures < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
        refetchOnWindowFocus: false,
      },
      // Issue 19: an action tried offline fails at once with "No Internet Connection" rather
      // than waiting, spinning, for a connection.
      mutations: { networkMode: 'always' },
    },
  });
  return client;
}
