import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/client.ts';
import { callQueryKey } from '../../../lib/api/call-query-key.ts';
import { defaultHelpline } from '../../../lib/api/calls/default-helpline.ts';

/**
 * spec 000 §7 POST /getHelpline for the driver's country; 001 §9: the default helpline when the
 * country has none (the server answers it then) or when the country's cannot be read.
 */
export async function getHelpline(countryCode: string): Promise<string> {
  try {
    const answer = await callApi('getHelpline', { country_code: countryCode });
    if (answer.helpline) return answer.helpline;
  } catch {
    // fall through to the default line, which needs no account
  }
  return defaultHelpline();
}

export const helplineQuery = (countryCode: string) =>
  queryOptions({
    queryKey: callQueryKey('getHelpline', { country_code: countryCode }),
    queryFn: () => getHelpline(countryCode),
    retry: false,
    staleTime: 60 * 60_000,
  });

export const useHelpline = (countryCode: string) => useQuery(helplineQuery(countryCode));
