import type { RegisterCall } from '../../platform/http/call-registrar.ts';
import type { SandboxClient } from './sandbox-client.ts';
import type { PaymentsService } from './service.ts';

export function registerPaymentRoutes(
  register: RegisterCall,
  payments: PaymentsService,
  sandbox: SandboxClient,
) {
  register('listCards', ({ auth }) => payments.listCards(auth.userId));
  register('addToStripeSources', ({ auth, body }) =>
    payments.addCard(auth.userId, body.card, body.fuelCard),
  );
  register('deleteStripeSource', ({ auth, body }) => payments.deleteCard(auth.userId, body.source));
  register('selectDefaultStripeSource', ({ auth, body }) =>
    payments.selectDefaultCard(auth.userId, body.source),
  );
  register('updatePaymentMethod', ({ auth, body }) => payments.updateCard(auth.userId, body));
  register('getPaymentMethod', ({ auth, query }) => payments.getCard(auth.userId, query.pm_id));
  register('initiatePaymentIntent', ({ auth, body }) => payments.initiateIntent(auth.userId, body));
  register('getUncapturedPaymentIntents', ({ auth, body }) =>
    payments.uncapturedIntents(auth.userId, body.card_id),
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
  register('sandboxGetPaymentIntent', ({ auth, params }) =>
    sandbox.retrieve(auth.userId, params.id),
  );
}
