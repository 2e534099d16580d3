import { callApi } from '../client.ts';

/** GET /defaultHelpline: the brand's own helpline, which needs no account. */
export async function defaultHelpline(): Promise<string> {
  return (await callApi('defaultHelpline', undefined)).helpline;
}
