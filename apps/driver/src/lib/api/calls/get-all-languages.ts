import { callApi } from '../client.ts';

/** spec 000 §7 GET /getAllLanguages: the languages the service knows, each with its code. */
export const getAllLanguages = () => callApi('getAllLanguages', undefined);
