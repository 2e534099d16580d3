import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../client.ts';
import { callQueryKey } from '../call-query-key.ts';

/** GET /defaultHelpline: the brand's own helpline, which needs no account. */
export async function defaultHelpline(): Promise<string> {
  return (await callApi('defaultHelpline', undefined)).helpline;
}

export const defaultHelplineQuery = queryOptions({
  queryKey: callQueryKey('defaultHelpline'),
  queryFn: defaultHelpline,
  staleTime: 60 * 60_000,
});

/** The brand's helpline, shown to guests on every page (spec 000 §8: '...Loading' meanwhile). */
export const useDefaultHelpline = (enabled = true) =>
  useQuery({ ...defaultHelplineQuery, enabled });
