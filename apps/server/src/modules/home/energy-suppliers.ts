import { asc } from 'drizzle-orm';
import type { CallParsedRequest, EnergySupplierView } from '@evc/contract';
import { newId } from '../../platform/crypto.ts';
import type { Db } from '../../platform/db/database.ts';
import { energyPlans, energySuppliers, type EnergyPlanRow } from '../../platform/db/schema.ts';
import { AppError, validationError } from '../../platform/errors.ts';
import type { AuthContext } from '../../platform/http/call-registrar.ts';
import type { UserRepository } from '../users/repository.ts';

type SupplierList = CallParsedRequest<'operatorReplaceEnergySuppliers'>['suppliers'];

function planView(row: EnergyPlanRow): EnergySupplierView['plans'][number] {
  return {
    _id: row.id,
    name: row.name,
    dayRateCost: row.dayRatePence,
    nightRate:
      row.nightRatePence === null || row.nightStart === null || row.nightEnd === null
        ? null
        : { cost: row.nightRatePence, start: row.nightStart, end: row.nightEnd },
  };
}

/** The suppliers and plans the tariff wizard lists (issue 16): seeded, kept by the operator. */
export function createEnergySupplierRepository(db: Db) {
  return {
    async list(): Promise<EnergySupplierView[]> {
      const suppliers = await db
        .select()
        .from(energySuppliers)
        .orderBy(asc(energySuppliers.position), asc(energySuppliers.name));
      const plans = await db
        .select()
        .from(energyPlans)
        .orderBy(asc(energyPlans.position), asc(energyPlans.name));
      return suppliers.map((supplier) => ({
        _id: supplier.id,
        name: supplier.name,
        plans: plans.filter((plan) => plan.supplierId === supplier.id).map(planView),
      }));
    },

    /** Replaces the whole list at once: readers see the old list or the new, never half. */
    async replace(list: SupplierList): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(energyPlans);
        await tx.delete(energySuppliers);
        for (const [index, supplier] of list.entries()) {
          const id = newId();
          await tx.insert(energySuppliers).values({ id, name: supplier.name, position: index + 1 });
          if (supplier.plans.length === 0) continue;
          await tx.insert(energyPlans).values(
            supplier.plans.map((plan, planIndex) => ({
              id: newId(),
              supplierId: id,
              name: plan.name,
              dayRatePence: plan.dayRateCost,
              nightRatePence: plan.nightRate?.cost ?? null,
              nightStart: plan.nightRate?.start ?? null,
              nightEnd: plan.nightRate?.end ?? null,
              position: planIndex + 1,
            })),
          );
        }
      });
    },
  };
}

export type EnergySupplierRepository = ReturnType<typeof createEnergySupplierRepository>;

/** The first name given twice in a list, ignoring case; null when each is once. */
function repeated(names: readonly string[]): string | null {
  const seen = new Set<string>();
  for (const name of names) {
    const key = name.trim().toLowerCase();
    if (seen.has(key)) return name;
    seen.add(key);
  }
  return null;
}

/**
 * Signed-in drivers read the list; only an operator replaces it (as with the other /operator
 * calls), the whole list in one go.
 */
export function createEnergySupplierService(deps: {
  suppliers: EnergySupplierRepository;
  users: UserRepository;
}) {
  return {
    list: () => deps.suppliers.list(),

    async replace(
      auth: AuthContext,
      body: CallParsedRequest<'operatorReplaceEnergySuppliers'>,
    ): Promise<EnergySupplierView[]> {
      const user = await deps.users.findById(auth.userId);
      if (!user?.roles.includes('operator')) {
        throw new AppError(403, 'OPERATOR_ONLY', 'Only an operator can manage energy suppliers');
      }
      const supplier = repeated(body.suppliers.map((entry) => entry.name));
      if (supplier !== null) throw validationError('suppliers', `${supplier} is listed twice`);
      for (const [index, entry] of body.suppliers.entries()) {
        const plan = repeated(entry.plans.map((item) => item.name));
        if (plan !== null) {
          throw validationError(`suppliers.${index}.plans`, `${plan} is listed twice`);
        }
      }
      await deps.suppliers.replace(body.suppliers);
      return deps.suppliers.list();
    },
  };
}

export type EnergySupplierService = ReturnType<typeof createEnergySupplierService>;
