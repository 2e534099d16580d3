import { tariffInput, type TariffData } from '@evc/contract';
import { isOwnHomeCharger, ownerHomeTariff } from '@evc/domain';
import type { ChargerWithConnectors } from '../chargers/repository.ts';
import type { SessionServiceDeps } from './session-service-deps.ts';

/**
 * The tariff a user's session at a charger keeps: at their own home charger, the charger's with
 * every price zero (issue 16: no payment, what it cost is the session's home charge); elsewhere
 * their user group's at its operator's chargers, else the charger's public one. A guest
 * (`userId` null) belongs to no group: the public tariff.
 */
export async function sessionTariff(
  deps: Pick<SessionServiceDeps, 'memberTariff'>,
  found: ChargerWithConnectors,
  userId: string | null,
): Promise<TariffData> {
  const published = tariffInput.parse(found.charger.tariff);
  if (isOwnHomeCharger(found.charger, userId)) return ownerHomeTariff(published);
  return (userId ? await deps.memberTariff?.(userId, found.charger.id) : null) ?? published;
}
