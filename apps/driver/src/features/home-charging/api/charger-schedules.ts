import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PutChargerSchedulesRequest, ReadyBySettings } from '@evc/contract';
import { callApi } from '../../../lib/api/client.ts';
import { callQueryKey } from '../../../lib/api/call-query-key.ts';

/** GET /development/charger/schedules/{chargerid}: the charger's schedule type and schedules. */
export const chargerSchedulesQuery = (chargerid: string) =>
  queryOptions({
    queryKey: callQueryKey('getChargerSchedules', { chargerid }),
    queryFn: () => callApi('getChargerSchedules', undefined, { params: { chargerid } }),
  });

export function useChargerSchedules(chargerid: string, enabled = true) {
  return useQuery({ ...chargerSchedulesQuery(chargerid), enabled });
}

/** GET /development/charger/profile/governmentdefault/{chargerid} (spec 001 §7): the UK default. */
export function useGovernmentDefault(chargerid: string) {
  return useQuery({
    queryKey: callQueryKey('getGovernmentDefaultProfile', { chargerid }),
    queryFn: () => callApi('getGovernmentDefaultProfile', undefined, { params: { chargerid } }),
    staleTime: 60 * 60_000,
  });
}

/**
 * PUT /development/charger/schedules/{chargerid} {scheduleType, schedules}: replaces them and
 * answers them saved, with `applied` false when the charger will only get them on reconnecting.
 */
export function useReplaceChargerSchedules(chargerid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: PutChargerSchedulesRequest) =>
      callApi('putChargerSchedules', request, { params: { chargerid } }),
    onSuccess: ({ scheduleType, schedules }) => {
      queryClient.setQueryData(chargerSchedulesQuery(chargerid).queryKey, {
        scheduleType,
        schedules,
      });
      // The charger's own scheduleType changed with them.
      void queryClient.invalidateQueries({ queryKey: callQueryKey('listHomeChargers') });
    },
  });
}

/**
 * POST /development/charger/profile/cleardefault {transactionid} (spec 000 §7): a boost — the
 * running session charges now, outside the schedule.
 */
export function useChargeNow() {
  return useMutation({
    mutationFn: (transactionid: string) => callApi('clearDefaultProfile', { transactionid }),
  });
}

/** GET /development/charger/readyby/{chargerid}: the owner's ready-by target and its plan. */
export const readyByQuery = (chargerid: string) =>
  queryOptions({
    queryKey: callQueryKey('getReadyBy', { chargerid }),
    queryFn: () => callApi('getReadyBy', undefined, { params: { chargerid } }),
  });

/** PUT /development/charger/readyby/{chargerid}: the target and time; answers the new plan. */
export function usePutReadyBy(chargerid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: ReadyBySettings) =>
      callApi('putReadyBy', request, { params: { chargerid } }),
    onSuccess: (view) => queryClient.setQueryData(readyByQuery(chargerid).queryKey, view),
  });
}
