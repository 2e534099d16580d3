import {
  availableBalanceMinor,
  cardSessionSource,
  isCreditUsable,
  isFuelCardUsable,
  isSameCurrency,
  needsPaymentIntent,
  preauthorisationMinor,
  type PaymentMethod,
} from '@evc/domain';
import type { Db } from '../../platform/db/database.ts';
import type { PaymentCardRow, SessionPaymentRow } from '../../platform/db/schema.ts';
import { AppError, validationError } from '../../platform/errors.ts';
import type { UserRepository } from '../users/repository.ts';
import type { PaymentProviderFactory } from './payment-provider.ts';
import {
  BalanceInOtherCurrency,
  createPaymentRepository,
  type BalanceMove,
  type PaymentRepository,
} from './repository.ts';
import { recordIntentState } from './service.ts';
import type { SessionHold, SessionPayments } from './session-payments.ts';

/**
 * What a session's card did not cover is owed on the driver's balance, when the balance is held
 * in the session's currency; in another it stays owed on the session, never relabelled (issue
 * 19). Answers the move, or null when there was none.
 */
async function owe(
  repo: PaymentRepository,
  payment: SessionPaymentRow,
  reference: string,
  amountMinor: number,
): Promise<BalanceMove | null> {
  try {
    return await repo.moveBalance(payment.userId, reference, amountMinor, payment.currency);
  } catch (error) {
    if (error instanceof BalanceInOtherCurrency) return null;
    throw error;
  }
}

export const noCredit = () => new AppError(402, 'NO_CREDIT', 'No Credit Available');
/** Issue 19: credit stays in the currency it was bought in. */
export const creditInOtherCurrency = (credit: string, tariff: string) =>
  new AppError(
    409,
    'CREDIT_IN_OTHER_CURRENCY',
    `Credit Not Usable Here: your credit is in ${credit.toUpperCase()}, this charger charges in ${tariff.toUpperCase()}`,
  );
export const paymentFailed = (reason: string) =>
  new AppError(402, 'PAYMENT_FAILED', `Payment Failed, please use another card: ${reason}`);
export const intentNotHeld = (reason: string) =>
  new AppError(409, 'INTENT_NOT_HELD', `No payment is held for this session: ${reason}`);
export const intentNotFound = () =>
  new AppError(404, 'INTENT_NOT_FOUND', 'intent_id: no such payment of yours');
export const fuelCardNotAllowed = () =>
  new AppError(409, 'FUELCARD_NOT_ALLOWED', 'This charger’s tariff cannot be paid by fuel card');
export const noDefaultCard = () =>
  new AppError(402, 'NO_DEFAULT_CARD', 'No default card saved: add one under payment details');
export const noFuelCard = () =>
  new AppError(402, 'NO_FUELCARD', 'No fuel card saved: add one under payment details');

type SettleResult = Awaited<ReturnType<SessionPayments['settle']>>;
/** What a start answers: the amount held, and the hold when a card holds it. */
type SessionStart = { held: number; hold: SessionHold | null };

const SETTLED_STATUSES: readonly string[] = ['captured', 'released', 'debited', 'invoiced'];

function settled(row: SessionPaymentRow): SettleResult | null {
  if (!SETTLED_STATUSES.includes(row.status)) return null;
  return { captured: row.captured, status: row.status as SettleResult['status'] };
}

function holdOf(row: SessionPaymentRow): SessionHold | null {
  return row.intentId
    ? { intentId: row.intentId, amountCapturable: row.held, currency: row.currency }
    : null;
}

/**
 * A session's payment as a start finds it, under lock: what an earlier start of the same session
 * answered (a repeated start answers it again), or else the way to record it in the tariff's
 * currency.
 */
async function startingPayment(
  repo: PaymentRepository,
  input: { sessionId: string; userId: string; tariff: { currency: string } },
  source: PaymentMethod,
) {
  const row = await repo.sessionPayment(input.sessionId, { lock: true });
  const currency = input.tariff.currency.toLowerCase();
  const record = (fields: Partial<SessionPaymentRow>) =>
    repo.ensureSessionPayment({
      sessionId: input.sessionId,
      userId: input.userId,
      source,
      currency,
      status: 'authorised',
      ...fields,
    });
  const known: SessionStart | null = row ? { held: row.held, hold: holdOf(row) } : null;
  return { known, currency, record };
}

/** A refusal (a declined card, a hold in the wrong state) is final; anything else may pass. */
const isTransient = (error: unknown) => !(error instanceof AppError) || error.statusCode >= 500;

const isDefaultPaygCard = (card: PaymentCardRow) => card.isDefault && card.source === 'PAYG';

const providerMessage = (error: unknown) =>
  error instanceof Error ? error.message : 'the payment provider refused';

/**
 * SessionPayments on the configured provider. Each session's payment is one row of
 * session_payments; settling and releasing lock it, so the money moves once per session however
 * often, and however concurrently, the sessions module asks.
 */
export function createSessionPayments(deps: {
  db: Db;
  provider: PaymentProviderFactory;
  users: UserRepository;
  /** Told of each debit of the credit balance once it is committed (the credit-low alert). */
  onBalanceDebited?: (debit: BalanceMove) => Promise<void>;
}): SessionPayments {
  const { db } = deps;

  return {
    authoriseStart(input) {
      return db.transaction(async (tx) => {
        const repo = createPaymentRepository(tx);
        const { known, currency, record } = await startingPayment(repo, input, input.source);
        if (known) return known;

        if (input.source === 'CREDIT') {
          const credit = await repo.credit(input.userId);
          if (!credit) throw noCredit();
          const usable = isCreditUsable({
            tariffFree: input.tariff.free,
            availableBalanceMinor: availableBalanceMinor(credit.storedMinor),
            creditCurrency: credit.currency,
            tariffCurrency: currency,
          });
          if (!usable && !isSameCurrency(credit.currency, currency)) {
            throw creditInOtherCurrency(credit.currency, currency);
          }
          if (!usable) throw noCredit();
          await record({});
          return { held: 0, hold: null };
        }
        if (input.source === 'FUELCARD') {
          if (!isFuelCardUsable(input.tariff)) throw fuelCardNotAllowed();
          const fuelCard = (await repo.cards(input.userId)).find(
            (card) => card.source === 'FUELCARD',
          );
          if (!fuelCard) throw noFuelCard();
          await record({ fuelCardId: fuelCard.id });
          return { held: 0, hold: null };
        }

        if (!input.intentId) {
          // A free charger holds nothing: a card or wallet driver (a guest too) just starts.
          if (input.tariff.free) {
            await record({});
            return { held: 0, hold: null };
          }
          throw validationError(
            'intent_id',
            `required for ${input.source} at a charger that is not free`,
          );
        }
        const intent = await repo.intent(input.intentId, { lock: true });
        // Another driver's intent is answered as one that does not exist.
        if (intent?.userId !== input.userId) throw intentNotFound();
        if (intent.purpose !== 'charge') throw intentNotHeld('the payment is not for charging');
        const current = await recordIntentState(
          repo,
          await deps.provider(tx).retrieveIntent(intent.id),
        );
        if (current?.status === 'requires_action') {
          throw new AppError(402, 'CARD_CONFIRMATION_NEEDED', 'Card confirmation needed');
        }
        if (current?.status === 'requires_payment_method' && current.lastError) {
          throw paymentFailed(current.lastError);
        }
        if (current?.status !== 'requires_capture') {
          throw intentNotHeld(`the payment is ${current?.status ?? 'unknown'}`);
        }
        if (current.currency !== currency) {
          throw intentNotHeld(`the payment is in ${current.currency}, the tariff in ${currency}`);
        }
        if (!(await repo.claimIntent(current.id, input.sessionId))) {
          throw new AppError(409, 'INTENT_IN_USE', 'This payment already secures another session');
        }
        const row = await record({ intentId: current.id, held: current.amountCapturable });
        return { held: row.held, hold: holdOf(row) };
      });
    },

    async cardSessionSource(input) {
      const repo = createPaymentRepository(db);
      const [cards, credit] = await Promise.all([
        repo.cards(input.userId),
        repo.credit(input.userId),
      ]);
      return cardSessionSource({
        tariffFree: input.tariffFree,
        availableBalanceMinor: availableBalanceMinor(credit?.storedMinor ?? 0),
        // A guest holds no credit: its currency matches nothing.
        creditCurrency: credit?.currency ?? '',
        tariffCurrency: input.tariffCurrency,
        hasDefaultCard: cards.some(isDefaultPaygCard),
      });
    },

    async holdDefaultCard(input) {
      const user = await deps.users.findById(input.userId);
      if (!user) throw noDefaultCard();
      type Outcome = SessionStart | { refused: string };
      const outcome = await db.transaction(async (tx): Promise<Outcome> => {
        const repo = createPaymentRepository(tx);
        const { known, currency, record } = await startingPayment(repo, input, 'PAYG');
        if (known) return known;
        const amount = preauthorisationMinor(input.tariff.free);
        if (amount === 0) {
          await record({});
          return { held: 0, hold: null };
        }
        const card = (await repo.cards(input.userId)).find(isDefaultPaygCard);
        if (!card) throw noDefaultCard();
        const provider = deps.provider(tx);
        const snapshot = await provider.holdOffSession({
          user: {
            id: user.id,
            email: user.email,
            name: `${user.firstName} ${user.lastName}`.trim(),
          },
          amount,
          currency,
          paymentMethodId: card.id,
          idempotencyKey: `card-hold:${input.sessionId}`,
        });
        if (!(await repo.intent(snapshot.id))) {
          await repo.insertIntent({
            id: snapshot.id,
            provider: provider.kind,
            userId: input.userId,
            purpose: 'charge',
            amount: snapshot.amount,
            currency: snapshot.currency,
            captureMethod: snapshot.captureMethod,
            status: snapshot.status,
            amountCapturable: snapshot.amountCapturable,
            paymentMethodId: card.id,
            lastError: snapshot.lastError,
            clientSecret: snapshot.clientSecret,
          });
        }
        const current = await recordIntentState(repo, snapshot);
        // The refused intent stays recorded (committed), and the refusal is answered after.
        if (current?.status !== 'requires_capture') {
          return { refused: current?.lastError ?? `the payment is ${snapshot.status}` };
        }
        if (!(await repo.claimIntent(current.id, input.sessionId))) {
          throw new AppError(409, 'INTENT_IN_USE', 'This payment already secures another session');
        }
        const row = await record({ intentId: current.id, held: current.amountCapturable });
        return { held: row.held, hold: holdOf(row) };
      });
      if ('refused' in outcome) throw paymentFailed(outcome.refused);
      return outcome;
    },

    async settle(input) {
      let debit: BalanceMove | null = null;
      const result = await db.transaction(async (tx) => {
        const repo = createPaymentRepository(tx);
        const row = await repo.ensureSessionPayment({
          sessionId: input.sessionId,
          userId: input.userId,
          source: input.source,
          intentId: needsPaymentIntent(input.source) ? input.intentId : null,
          currency: input.currency.toLowerCase(),
          status: 'authorised',
        });
        const done = settled(row);
        if (done) return done;
        const amount = Math.max(0, Math.round(input.amountMinor));
        const finish = async (
          status: SettleResult['status'],
          captured: number,
          failure?: { message: string; retryable: boolean },
        ): Promise<SettleResult> => {
          await repo.updateSessionPayment(input.sessionId, {
            status,
            captured,
            amountMinor: amount,
            failure: failure?.message ?? null,
            settledAt: new Date(),
          });
          return failure?.retryable ? { captured, status, retryable: true } : { captured, status };
        };

        const source: PaymentMethod = row.source;
        if (source === 'CREDIT') {
          // A free charge moves no money: no "charge 0.00" on the driver's statement.
          if (amount === 0) return finish('debited', 0);
          try {
            debit = await repo.moveBalance(
              row.userId,
              `session:${row.sessionId}`,
              amount,
              row.currency,
            );
          } catch (error) {
            // Credit is refused at a charger of another currency (issue 19); should the balance
            // have changed currency since, the cost is not relabelled into it.
            if (!(error instanceof BalanceInOtherCurrency)) throw error;
            return finish('failed', 0, { message: error.message, retryable: false });
          }
          return finish('debited', amount);
        }
        if (source === 'FUELCARD') return finish('invoiced', amount);

        const intentId = row.intentId ?? input.intentId;
        const intent = intentId ? await repo.intent(intentId, { lock: true }) : undefined;
        // A card session at a free tariff held nothing and owes nothing.
        if (!intent && amount === 0) return finish('released', 0);
        const ofThisSession =
          intent?.userId === row.userId &&
          (intent.sessionId === null || intent.sessionId === row.sessionId);
        if (!intent || !ofThisSession) {
          return finish('failed', 0, {
            message: 'no held payment for this session',
            retryable: false,
          });
        }
        /**
         * The hold was captured (now or by an earlier attempt); the rest is owed on the balance.
         * A guest has no balance (no users row): what the hold did not cover stays recorded as
         * the session's amount above what was captured (ADR 0021).
         */
        const taken = async (received: number) => {
          // Issue 19: the balance is in the account's currency; a cost in another stays owed
          // on the session, as a guest's does, never relabelled into the balance's currency.
          if (amount > received) {
            debit = await owe(repo, row, `session:${row.sessionId}`, amount - received);
          }
          return finish('captured', received);
        };
        if (intent.status === 'succeeded') return taken(intent.amountReceived);
        const provider = deps.provider(tx);
        // Stripe answers a repeated idempotency key with its first answer, errors included, so a
        // later attempt asks afresh; a hold is captured at most once whatever the key, as the
        // intent itself refuses a second capture.
        const attempt = input.attempt ?? 1;
        const key = (move: string) =>
          attempt > 1 ? `${move}:${row.sessionId}:${attempt}` : `${move}:${row.sessionId}`;
        try {
          if (amount === 0) {
            await recordIntentState(repo, await provider.cancel(intent.id, key('release')));
            return finish('released', 0);
          }
          // A cost above the hold takes the whole hold; the rest is owed on the balance.
          const fromHold = Math.min(amount, intent.amountCapturable);
          const captured = await provider.capture(intent.id, fromHold, key('capture'));
          await recordIntentState(repo, captured);
          return await taken(captured.amountReceived);
        } catch (error) {
          // The move may have happened with its answer lost, or in an attempt before a crash:
          // the intent's own state tells.
          const current = await provider.retrieveIntent(intent.id).catch(() => null);
          if (current) await recordIntentState(repo, current);
          if (current?.status === 'succeeded') return taken(current.amountReceived);
          if (current?.status === 'canceled' && amount === 0) return finish('released', 0);
          return finish('failed', 0, {
            message: providerMessage(error),
            retryable: isTransient(error) && current?.status !== 'canceled',
          });
        }
      });
      // After the commit: a mail about a debit that was rolled back would be false.
      if (debit && deps.onBalanceDebited) await deps.onBalanceDebited(debit);
      return result;
    },

    async oweAfterSettlement(input) {
      if (input.amountMinor <= 0) return;
      const debit = await db.transaction(async (tx) => {
        const repo = createPaymentRepository(tx);
        const row = await repo.sessionPayment(input.sessionId);
        if (!row) return null;
        return owe(repo, row, `session-late:${input.sessionId}`, input.amountMinor);
      });
      if (debit && deps.onBalanceDebited) await deps.onBalanceDebited(debit);
    },

    async release(input) {
      await db.transaction(async (tx) => {
        const repo = createPaymentRepository(tx);
        const row = await repo.sessionPayment(input.sessionId, { lock: true });
        if (row && settled(row)) return;
        const intentId = row?.intentId ?? input.intentId;
        if (intentId) {
          const intent = await repo.intent(intentId, { lock: true });
          // Only a hold of the session's own driver, not securing another session, is let go.
          const mine =
            intent?.userId === (row?.userId ?? input.userId) &&
            (intent.sessionId === null || intent.sessionId === input.sessionId);
          if (mine && intent.status !== 'canceled' && intent.status !== 'succeeded') {
            await recordIntentState(
              repo,
              await deps.provider(tx).cancel(intent.id, `release:${input.sessionId}`),
            );
          }
        }
        if (row) {
          await repo.updateSessionPayment(input.sessionId, {
            status: 'released',
            captured: 0,
            settledAt: new Date(),
          });
        }
      });
    },
  };
}
