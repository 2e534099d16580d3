import { callApi } from '../client.ts';

/** POST /setUserLanguage {userid, lang}: answers the user with the language saved. */
export function setUserLanguage(userid: string, lang: string) {
  return callApi('setUserLanguage', { userid, lang });
}
