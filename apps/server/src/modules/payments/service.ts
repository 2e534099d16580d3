import type { z } from 'zod';
import type {
  Card,
  initiatePaymentIntentRequest,
  PaymentIntentResponse,
  PreauthResponse,
  UncapturedPaymentIntent,
  UpdatePaymentMethodRequest,
} from '@evc/contract';
import { isTopUpAmountAllowed, isWallet, TOPUP_MAX_MINOR, TOPUP_MIN_MINOR } from '@evc/domain';
import { newId } from '../../platform/crypto.ts';
import type { Db } from '../../platform/db/database.ts';
import type { PaymentCardRow } from '../../platform/db/schema.ts';
import { guestName, ownerColumns, type Driver } from '../../platform/driver.ts';
import { AppError, guestPaysByCard, validationError } from '../../platform/errors.ts';
import type { GuestRepository } from '../guests/repository.ts';
import type { UserRepository } from '../users/repository.ts';
import type { IntentSnapshot, PayingUser, PaymentProviderFactory } from './payment-provider.ts';
import { createPaymentRepository, type PaymentRepository } from './repository.ts';

export const cardNotFound = () => new AppError(404, 'CARD_NOT_FOUND', 'Card Not Found');

export function cardView(row: PaymentCardRow): Card {
  return {
    id: row.id,
    source: row.source,
    brand: row.brand,
    last4: row.last4,
    exp_month: row.expMonth,
    exp_year: row.expYear,
    country: row.country,
    funding: row.funding,
    name: row.name,
    address_line1: row.addressLine1,
    address_city: row.addressCity,
    address_postal_code: row.addressPostalCode,
    address_country: row.addressCountry,
    default: row.isDefault,
  };
}

/**
 * Records what the provider says of an intent. A top-up that has succeeded credits the balance
 * here, once: the movement's reference is the intent (the balance is stored negative in credit).
 */
export async function recordIntentState(repo: PaymentRepository, snapshot: IntentSnapshot) {
  const row = await repo.applySnapshot(snapshot);
  if (row?.purpose === 'topup' && row.status === 'succeeded') {
    await repo.moveBalance(row.userId, `topup:${row.id}`, -row.amountReceived, row.currency);
  }
  return row;
}

type InitiateRequest = z.output<typeof initiatePaymentIntentRequest>;

/** The driver's cards and payment intents, on whichever provider is configured. */
export function createPaymentsService(deps: {
  db: Db;
  provider: PaymentProviderFactory;
  users: UserRepository;
  guests: GuestRepository;
  /** The connector numbers of a charger, or undefined when there is no such charger. */
  connectorsOf: (chargerId: string) => Promise<number[] | undefined>;
  /** The hold a charge by this driver at this charger takes (their group's tariff counts). */
  preauth: (chargerId: string, driver: Driver) => Promise<PreauthResponse>;
  now: () => Date;
  /** How long a held, unused card intent is offered for reuse (spec 000 §4). */
  heldIntentReuseMs: number;
}) {
  const { db } = deps;
  const repo = createPaymentRepository(db);

  /** Who pays, as the provider is told; a guest has no account currency (null). */
  async function payingDriver(
    driver: Driver,
  ): Promise<PayingUser & { currencyCode: string | null }> {
    if (driver.kind === 'guest') {
      const guest = await deps.guests.findById(driver.id);
      if (!guest) throw new AppError(404, 'USER_NOT_FOUND', 'User not found');
      const email = guest.email ?? undefined;
      return {
        id: guest.id,
        ...(email ? { email } : {}),
        name: guestName(guest.code),
        currencyCode: null,
      };
    }
    const user = await deps.users.findById(driver.id);
    if (!user) throw new AppError(404, 'USER_NOT_FOUND', 'User not found');
    const name = `${user.firstName} ${user.lastName}`.trim();
    return { id: user.id, email: user.email, name, currencyCode: user.currencyCode };
  }

  async function ownCard(ownerId: string, cardId: string) {
    const card = await repo.card(ownerId, cardId);
    if (!card) throw cardNotFound();
    return card;
  }

  const listCards = async (driver: Driver) => (await repo.cards(driver.id)).map(cardView);

  /** spec 000 §4: what a charge is for and how much it must hold. */
  async function chargeTerms(driver: Driver, connectorId: string | null, amount: number) {
    const [chargerId = '', connector = ''] = (connectorId ?? '').split(':');
    const connectors = await deps.connectorsOf(chargerId);
    if (!connectors) throw new AppError(404, 'CHARGER_NOT_FOUND', 'Charger Not Found');
    if (!connectors.some((number) => number === Number(connector) && number !== 0)) {
      throw new AppError(404, 'CONNECTOR_NOT_FOUND', 'This charger has no such connector');
    }
    const preauth = await deps.preauth(chargerId, driver);
    if (amount !== preauth.amount) {
      throw validationError(
        'amount',
        `must be the charger's pre-authorisation of ${preauth.amount}`,
      );
    }
    return { currency: preauth.currency.toLowerCase() };
  }

  return {
    listCards,

    async addCard(driver: Driver, paymentMethodId: string, fuelCard: boolean): Promise<Card> {
      // A guest has no fuel-card tariffs to use one at (issue 15).
      if (driver.kind === 'guest' && fuelCard) throw guestPaysByCard('fuelCard');
      const ownerId = driver.id;
      const user = await payingDriver(driver);
      const described = await deps.provider(db).attachPaymentMethod(user, paymentMethodId);
      const source = fuelCard ? 'FUELCARD' : (described.wallet ?? 'PAYG');
      return db.transaction(async (tx) => {
        const txRepo = createPaymentRepository(tx);
        await txRepo.lockOwner(driver);
        const existing = await txRepo.cardById(described.id);
        if (existing && existing.ownerId !== ownerId) {
          throw new AppError(404, 'PAYMENT_METHOD_NOT_FOUND', 'No such payment method');
        }
        if (existing) {
          await txRepo.updateCardSource(existing.id, source);
        } else {
          const first = (await txRepo.cards(ownerId)).length === 0;
          await txRepo.insertCard({
            id: described.id,
            ...ownerColumns(driver),
            provider: deps.provider(tx).kind,
            source,
            brand: described.brand,
            last4: described.last4,
            expMonth: described.exp_month,
            expYear: described.exp_year,
            country: described.country,
            funding: described.funding,
            name: described.name,
            addressLine1: described.address_line1,
            addressCity: described.address_city,
            addressPostalCode: described.address_postal_code,
            addressCountry: described.address_country,
            isDefault: first,
          });
        }
        const saved = await txRepo.card(ownerId, described.id);
        if (!saved) throw new Error('card not saved');
        return cardView(saved);
      });
    },

    async deleteCard(driver: Driver, cardId: string): Promise<Card[]> {
      const ownerId = driver.id;
      const card = await ownCard(ownerId, cardId);
      await deps.provider(db).detachPaymentMethod(card.id, `detach:${card.id}`);
      await db.transaction(async (tx) => {
        const txRepo = createPaymentRepository(tx);
        await txRepo.lockOwner(driver);
        await txRepo.deleteCard(ownerId, cardId);
        const [next] = await txRepo.cards(ownerId);
        if (card.isDefault && next) await txRepo.makeDefault(ownerId, next.id);
      });
      return listCards(driver);
    },

    async selectDefaultCard(driver: Driver, cardId: string): Promise<Card[]> {
      const ownerId = driver.id;
      await ownCard(ownerId, cardId);
      await db.transaction(async (tx) => {
        const txRepo = createPaymentRepository(tx);
        await txRepo.lockOwner(driver);
        await txRepo.makeDefault(ownerId, cardId);
      });
      return listCards(driver);
    },

    async getCard(driver: Driver, cardId: string): Promise<Card> {
      return cardView(await ownCard(driver.id, cardId));
    },

    /** spec 000 §2 edit-card: the provider first, so the saved card never claims what it lacks. */
    async updateCard(driver: Driver, request: UpdatePaymentMethodRequest): Promise<Card> {
      const card = await ownCard(driver.id, request.pm_id);
      const billing = {
        name: request.name,
        address_line1: request.address_line1,
        address_city: request.address_city,
        address_postal_code: request.address_postal_code,
        address_country: request.address_country,
      };
      await deps.provider(db).updateBillingDetails(card.id, billing);
      const row = await repo.updateCardBilling(card.id, {
        name: billing.name,
        addressLine1: billing.address_line1,
        addressCity: billing.address_city,
        addressPostalCode: billing.address_postal_code,
        addressCountry: billing.address_country,
      });
      return cardView(row);
    },

    async initiateIntent(driver: Driver, request: InitiateRequest): Promise<PaymentIntentResponse> {
      // A guest has no balance to top up (issue 15).
      if (driver.kind === 'guest' && request.type !== 'charge') throw guestPaysByCard('type');
      const ownerId = driver.id;
      const user = await payingDriver(driver);
      // A wallet's payment method exists only once the driver pays in the wallet's sheet: the
      // intent is made without one, and the wallet confirms it (spec 000 §4).
      const card = isWallet(request.source) ? null : await repo.card(ownerId, request.source);
      if (!card && !isWallet(request.source)) {
        throw validationError('source', 'is not one of your cards, GOOGLEPAY or APPLEPAY');
      }
      let currency: string;
      if (request.type === 'charge') {
        ({ currency } = await chargeTerms(driver, request.connector_id, request.amount));
      } else {
        if (!isTopUpAmountAllowed(request.amount)) {
          throw validationError('amount', `must be from ${TOPUP_MIN_MINOR} to ${TOPUP_MAX_MINOR}`);
        }
        currency = (user.currencyCode ?? '').toLowerCase();
      }
      const snapshot = await deps.provider(db).createIntent({
        user,
        amount: request.amount,
        currency,
        captureMethod: request.capture_method,
        purpose: request.type,
        ...(card ? { paymentMethodId: card.id } : {}),
        idempotencyKey: `intent:${newId()}`,
      });
      const existing = await repo.intent(snapshot.id);
      if (existing) {
        await repo.applySnapshot(snapshot);
      } else {
        await repo.insertIntent({
          id: snapshot.id,
          provider: deps.provider(db).kind,
          userId: ownerId,
          purpose: request.type,
          amount: snapshot.amount,
          currency: snapshot.currency,
          captureMethod: snapshot.captureMethod,
          status: snapshot.status,
          paymentMethodId: card?.id ?? null,
          clientSecret: snapshot.clientSecret,
        });
      }
      await repo.setIntentConnector(
        snapshot.id,
        request.type === 'charge' ? request.connector_id : null,
      );
      return {
        intentid: snapshot.id,
        secret: snapshot.clientSecret,
        client_secret: snapshot.clientSecret,
      };
    },

    /** The caller's holds on the card that no session has used, as the provider reports them now. */
    async uncapturedIntents(driver: Driver, cardId: string): Promise<UncapturedPaymentIntent[]> {
      const ownerId = driver.id;
      await ownCard(ownerId, cardId);
      const provider = deps.provider(db);
      const held: UncapturedPaymentIntent[] = [];
      for (const row of await repo.openChargeIntents(
        ownerId,
        cardId,
        deps.now(),
        deps.heldIntentReuseMs,
      )) {
        // The driver confirms with the provider directly; ask it for the state it holds now.
        const current = await recordIntentState(repo, await provider.retrieveIntent(row.id));
        if (current?.status !== 'requires_capture') continue;
        held.push({
          intentid: current.id,
          client_secret: current.clientSecret,
          amount: current.amount,
          amount_capturable: current.amountCapturable,
          currency: current.currency,
          connector_id: current.connectorId,
          created: current.createdAt.toISOString(),
        });
      }
      return held;
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
