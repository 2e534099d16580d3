import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError } from '../api-error.ts';
import { callApi } from '../client.ts';
import { callQueryKey } from '../call-query-key.ts';
import { PAGE_CONTENT_META } from '../../last-loaded/page-content.ts';

/** POST /getTransactionByID {transactionid}: one charging session's view, by its session id. */
export const getTransactionById = (sessionId: string) =>
  callApi('getTransactionByID', { transactionid: sessionId });

export const sessionByIdQuery = (sessionId: string) =>
  queryOptions({
    queryKey: callQueryKey('getTransactionByID', { transactionid: sessionId }),
    queryFn: () => getTransactionById(sessionId),
    enabled: sessionId !== '',
    // The session pages are about it: offline, their note says when it was last loaded.
    meta: PAGE_CONTENT_META,
  });

/** The session as last read or pushed, without following it (the variable-tariff page). */
export function useSessionById(sessionId: string) {
  return useQuery(sessionByIdQuery(sessionId));
}

/**
 * The server knows no such session of the caller's (a bookmark, someone else's id): asking again
 * will not make one.
 */
export const isSessionNotFound = (error: unknown): boolean =>
  error instanceof ApiError && error.code === 'TRANSACTION_NOT_FOUND';
