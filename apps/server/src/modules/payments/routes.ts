import { driverOf } from '../../platform/driver.ts';
import type { RegisterCall } from '../../platform/http/call-registrar.ts';
import type { SandboxClient } from './sandbox-client.ts';
import type { createBalanceStatement } from './balance-statement.ts';

type BalanceStatementOf = ReturnType<typeof createBalanceStatement>;
import type { PaymentsService } from './service.ts';

export function registerPaymentRoutes(
  register: RegisterCall,
  payments: PaymentsService,
  sandbox: SandboxClient,
  balanceStatement: BalanceStatementOf,
) {
  register('getBalanceStatement', ({ auth, body }) => balanceStatement(auth, body));
  register('listCards', ({ auth }) => payments.listCards(driverOf(auth)));
  register('addToStripeSources', ({ auth, body }) =>
    payments.addCard(driverOf(auth), body.card, body.fuelCard),
  );
  register('deleteStripeSource', ({ auth, body }) =>
    payments.deleteCard(driverOf(auth), body.source),
  );
  register('selectDefaultStripeSource', ({ auth, body }) =>
    payments.selectDefaultCard(driverOf(auth), body.source),
  );
  register('updatePaymentMethod', ({ auth, body }) => payments.updateCard(driverOf(auth), body));
  register('getPaymentMethod', ({ auth, query }) => payments.getCard(driverOf(auth), query.pm_id));
  register('initiatePaymentIntent', ({ auth, body }) =>
    payments.initiateIntent(driverOf(auth), body),
  );
  register('getUncapturedPaymentIntents', ({ auth, body }) =>
    payments.uncapturedIntents(driverOf(auth), body.card_id),
  );

  register('sandboxCreatePaymentMethod', ({ auth, body }) =>
    sandbox.createPaymentMethod(auth.userId, body),
  );
  register('sandboxConfirmPaymentIntent', ({ auth, params, body }) =>
    sandbox.confirm(auth.userId, params.id, body.payment_method),
  );
  register('sandboxAuthenticatePaymentIntent', ({ auth, params, body }) =>
    sandbox.authenticate(auth.userId, params.id, body.outcome),
  );
  register('sandboxGetPaymentIntent', ({ auth, params, query }) =>
    sandbox.retrieve(auth.userId, params.id, query.client_secret),
  );
}
