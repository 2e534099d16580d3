import type { CallParsedRequest, Currency, MfaOption, User } from '@evc/contract';
import { GUEST_PERMISSIONS, permissionsOfRoles, REGISTRATION_MESSAGES_EN } from '@evc/domain';
import { newId } from '../../platform/crypto.ts';
import type { UserRow } from '../../platform/db/schema.ts';
import {
  accountGone,
  AppError,
  forbidden,
  guestNotAllowed,
  validationError,
} from '../../platform/errors.ts';
import type { AuthContext } from '../../platform/http/call-registrar.ts';
import type { Mailer } from '../mail/mailer.ts';
import { accountDeletionMail } from '../mail/templates/render.ts';
import type { ReferenceRepository } from '../reference/repository.ts';
import { toCurrency } from '../reference/wire.ts';
import type { UserPatch, UserRepository } from './repository.ts';
import type { UserView } from './user-view.ts';

/** What auth keeps about an account that the account calls show or end. */
export interface AccountSecurity {
  /** The second factors the account has verified, as the app lists them. */
  mfaOptions(userId: string): Promise<MfaOption[]>;
  /** Forgets the account's second factors and pending codes. */
  removeMfa(userId: string): Promise<void>;
  /** Ends every sign-in session of the account. */
  endSessions(userId: string, reason: string): Promise<void>;
}

export interface UsersServiceDeps {
  users: UserRepository;
  reference: ReferenceRepository;
  security: AccountSecurity;
  mailer: Mailer;
  userView: UserView;
  now: () => Date;
  /**
   * Run before a balance read that asks for a refresh: money the payment provider has taken
   * and not yet told us of is recorded first (payments' top-up sync, issue 19); true when it
   * recorded something.
   */
  beforeRefreshedBalance?: (userId: string) => Promise<boolean>;
}

type UpdateFields = CallParsedRequest<'updateUser'>['fields'];

/**
 * Issue 19: credit stays in the currency it was bought in, so the account's currency (the
 * balance's) changes only while the balance is zero and no top-up is being confirmed.
 */
export const currencyChangeWithBalance = () =>
  new AppError(
    409,
    'CURRENCY_CHANGE_WITH_BALANCE',
    'Currency Not Changed: your balance stays in the currency it was bought in; you can change currency once it is zero',
    { field: 'fields.preferredCurrency' },
  );

export function createUsersService(deps: UsersServiceDeps) {
  async function ownAccount(auth: AuthContext, userId?: string) {
    // A guest's id is never a user's, whatever call let the guest in.
    if (auth.scope === 'guest') throw guestNotAllowed();
    if (userId !== undefined && userId !== auth.userId) throw forbidden();
    const row = await deps.users.findById(auth.userId);
    if (!row) throw accountGone();
    return row;
  }

  async function languageCode(code: string, field: string) {
    const language = await deps.reference.findLanguage(code);
    if (!language) throw validationError(field, `Unknown language ${code}`);
    return language.code;
  }

  async function toPatch(fields: UpdateFields): Promise<UserPatch> {
    const patch: UserPatch = {};
    if (fields.first_name !== undefined) patch.firstName = fields.first_name;
    if (fields.last_name !== undefined) patch.lastName = fields.last_name;
    if (fields.phone_number !== undefined) patch.phoneNumber = fields.phone_number;
    if (fields.email_prefs !== undefined) patch.emailPrefs = fields.email_prefs;
    if (fields.language !== undefined)
      patch.languageCode = await languageCode(fields.language, 'fields.language');
    if (fields.preferredCurrency !== undefined) {
      const currency = await deps.reference.findCurrency(fields.preferredCurrency);
      if (!currency)
        throw validationError(
          'fields.preferredCurrency',
          `Unknown currency ${fields.preferredCurrency}`,
        );
      patch.currencyCode = currency.code;
    }
    if (fields.car_type !== undefined) {
      if (fields.car_type !== null && !(await deps.reference.findCarType(fields.car_type))) {
        throw validationError('fields.car_type', 'Unknown car type');
      }
      patch.carTypeId = fields.car_type;
    }
    if (fields.address !== undefined) {
      const country = await deps.reference.findCountry(fields.address.country);
      if (!country)
        throw validationError(
          'fields.address.country',
          REGISTRATION_MESSAGES_EN['register.errors.country'],
        );
      patch.addressLine1 = fields.address.line1;
      patch.addressLine2 = fields.address.line2;
      patch.addressCity = fields.address.city;
      patch.addressPostcode = fields.address.postcode;
      patch.countryCode = country.code;
    }
    return patch;
  }

  const view = async (row: UserRow) => deps.userView(row, await deps.security.mfaOptions(row.id));

  async function reload(userId: string): Promise<User> {
    const row = await deps.users.findById(userId);
    if (!row) throw accountGone();
    return view(row);
  }

  return {
    async userdata(auth: AuthContext): Promise<User> {
      // Both reads leave together: on a pipelined connection they cost one round trip.
      const [row, mfaOptions] = await Promise.all([
        ownAccount(auth),
        auth.scope === 'guest' ? [] : deps.security.mfaOptions(auth.userId),
      ]);
      return deps.userView(row, mfaOptions);
    },

    async update(auth: AuthContext, userId: string, fields: UpdateFields): Promise<User> {
      await ownAccount(auth, userId);
      const patch = await toPatch(fields);
      if (!(await deps.users.updateKeepingBalanceCurrency(auth.userId, patch))) {
        // Refused, or the account went meanwhile (deleted in another tab): say which.
        if (!(await deps.users.findById(auth.userId))) throw accountGone();
        throw currencyChangeWithBalance();
      }
      return reload(auth.userId);
    },

    async setLanguage(auth: AuthContext, userId: string, lang: string): Promise<User> {
      await ownAccount(auth, userId);
      await deps.users.update(auth.userId, { languageCode: await languageCode(lang, 'lang') });
      return reload(auth.userId);
    },

    async balance(
      auth: AuthContext,
      userId: string,
      refresh = false,
    ): Promise<{ balance: number; currency: Currency }> {
      let row = await ownAccount(auth, userId);
      // Read again only when the sync recorded something (a top-up credited meanwhile).
      if (refresh && (await deps.beforeRefreshedBalance?.(auth.userId))) {
        row = await ownAccount(auth, userId);
      }
      const currency = await deps.reference.findCurrency(row.currencyCode);
      if (!currency) throw new Error(`User ${row.id} has an unknown currency`);
      return { balance: row.balanceMinor, currency: toCurrency(currency) };
    },

    /** A guest has no account: it holds the guest's permissions (issue 15). */
    async visibilityPermissions(auth: AuthContext): Promise<{ name: string }[]> {
      if (auth.scope === 'guest') return GUEST_PERMISSIONS.map((name) => ({ name }));
      const row = await ownAccount(auth);
      return permissionsOfRoles(row.roles).map((name) => ({ name }));
    },

    /**
     * The account is anonymised rather than removed, so records that must be kept (charging
     * sessions, payments) keep pointing at a row; every session ends and the address is freed.
     */
    async requestDeletion(auth: AuthContext): Promise<true> {
      const row = await ownAccount(auth);
      const mail = accountDeletionMail(row.languageCode, { firstName: row.firstName });
      await deps.security.removeMfa(row.id);
      await deps.users.update(row.id, {
        email: `deleted-${row.id}@deleted.invalid`,
        passwordHash: `deleted:${newId()}`,
        firstName: '',
        lastName: '',
        phoneNumber: '',
        addressLine1: '',
        addressLine2: '',
        addressCity: '',
        addressPostcode: '',
        carTypeId: null,
        deletedAt: deps.now(),
      });
      await deps.security.endSessions(row.id, 'account deleted');
      await deps.mailer.sendMail({ to: row.email, ...mail });
      return true;
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
