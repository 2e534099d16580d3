import { useQuery } from '@tanstack/react-query';
import type { EnergySupplierView } from '@evc/contract';
import { visibilityPermissionsQuery } from '../../lib/api/calls/get-visibility-permissions.ts';
import { useFeatureVisible } from '../../lib/permissions.ts';
import { useSession } from '../../lib/session/session-store.ts';
import { useEnergySuppliers } from './api/energy-suppliers.ts';

/**
 * The tariff wizard's pickers: the suppliers' lists, or null where the rates are typed by hand —
 * hosts with NO_ENERGY_SUPPLIERS (spec 001 §1), or when no list can be had. Loading until the
 * user's permissions say which.
 */
export function useWizardSuppliers(): {
  loading: boolean;
  suppliers: readonly EnergySupplierView[] | null;
} {
  const { user } = useSession();
  const permissions = useQuery(visibilityPermissionsQuery(user?._id));
  const typedByHand = useFeatureVisible('NO_ENERGY_SUPPLIERS');
  const list = useEnergySuppliers(!permissions.isPending && !typedByHand);
  if (permissions.isPending) return { loading: true, suppliers: null };
  if (typedByHand) return { loading: false, suppliers: null };
  if (list.isPending) return { loading: true, suppliers: null };
  return { loading: false, suppliers: list.data && list.data.length > 0 ? list.data : null };
}
