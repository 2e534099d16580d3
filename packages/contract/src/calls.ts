import { z } from 'zod';
import * as auth from './auth.ts';
import * as account from './account.ts';
import * as balance from './balance.ts';
import * as reference from './reference.ts';
import * as guest from './guest.ts';
import * as chargers from './chargers.ts';
import * as chargerList from './charger-list.ts';
import * as chargerCalls from './charger-calls.ts';
import * as payments from './payments.ts';
import * as sessions from './sessions.ts';
import * as groups from './groups.ts';
import * as history from './history.ts';
import * as rfid from './rfid.ts';
import * as home from './home.ts';
import * as schedules from './schedules.ts';
import * as support from './support.ts';
import { emptyRequest, noBody, okTrue } from './envelope.ts';
import { user } from './shared.ts';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/**
 * `none`: no bearer; `user`: the access token; `refresh`: the refresh token as the bearer.
 * `mfa-setup` marks calls that a token limited to setting up MFA may still make.
 */
export type CallAuth = 'none' | 'user' | 'refresh';

export interface CallDefinition {
  method: HttpMethod;
  /** Path under the API base, with `:name` parameters. */
  path: string;
  request: z.ZodType;
  response: z.ZodType;
  params?: z.ZodType;
  query?: z.ZodType;
  auth: CallAuth;
  /** Allowed for a token that may only set up MFA (login stage EnforcedSetup). */
  allowDuringMfaSetup?: boolean;
  /** Allowed for a guest's access token too (auth 'user' calls are for users only otherwise). */
  allowGuests?: boolean;
  /** For staff only (the support or operator role, signed in with a second factor; issue 18). */
  staff?: boolean;
}

/** The call catalogue (spec 000 §7) with one schema per request and response. */
export const calls = {
  login: {
    method: 'POST',
    path: '/login',
    request: auth.loginRequest,
    response: auth.loginResponse,
    auth: 'none',
  },
  mfaRequestToken: {
    method: 'POST',
    path: '/development/user/mfa/requestToken',
    request: auth.mfaRequestTokenRequest,
    response: auth.mfaRequestTokenResponse,
    auth: 'none',
  },
  mfaVerify: {
    method: 'POST',
    path: '/development/user/mfa/verify',
    request: auth.mfaVerifyRequest,
    response: auth.mfaVerifyResponse,
    auth: 'none',
  },
  mfaMethods: {
    method: 'GET',
    path: '/development/user/mfa/methods',
    request: noBody,
    response: auth.mfaMethodsResponse,
    auth: 'user',
    allowDuringMfaSetup: true,
  },
  mfaSetup: {
    method: 'POST',
    path: '/development/user/mfa/setup',
    request: auth.mfaSetupRequest,
    response: auth.mfaSetupResponse,
    auth: 'user',
    allowDuringMfaSetup: true,
  },
  mfaSetupConfirm: {
    method: 'POST',
    path: '/development/user/mfa/setup/confirm',
    request: auth.mfaSetupConfirmRequest,
    response: auth.mfaSetupConfirmResponse,
    auth: 'user',
    allowDuringMfaSetup: true,
  },
  mfaSetDefault: {
    method: 'POST',
    path: '/development/user/mfa/default',
    request: auth.mfaMethodRequest,
    response: auth.mfaMethodsResponse,
    auth: 'user',
  },
  mfaRemove: {
    method: 'POST',
    path: '/development/user/mfa/remove',
    request: auth.mfaMethodRequest,
    response: auth.mfaMethodsResponse,
    auth: 'user',
  },
  startRegistration: {
    method: 'POST',
    path: '/startRegistration',
    request: auth.startRegistrationRequest,
    response: auth.startRegistrationResponse,
    auth: 'none',
  },
  requestRegistrationEmail: {
    method: 'POST',
    path: '/requestRegistrationEmail',
    request: auth.emailRequest,
    response: auth.sentResponse,
    auth: 'none',
  },
  completeRegistration: {
    method: 'POST',
    path: '/completeRegistration',
    request: auth.completeRegistrationRequest,
    response: auth.completeRegistrationResponse,
    auth: 'none',
  },
  forgotPassword: {
    method: 'POST',
    path: '/forgotPassword',
    request: auth.emailRequest,
    response: auth.sentResponse,
    auth: 'none',
  },
  resetPassword: {
    method: 'POST',
    path: '/resetPassword',
    request: auth.resetPasswordRequest,
    response: okTrue,
    auth: 'none',
  },
  updatePassword: {
    method: 'POST',
    path: '/updatePassword',
    request: auth.updatePasswordRequest,
    response: okTrue,
    auth: 'user',
  },
  checkToken: {
    method: 'POST',
    path: '/checkToken',
    request: emptyRequest,
    response: auth.checkTokenResponse,
    auth: 'user',
    allowDuringMfaSetup: true,
    allowGuests: true,
  },
  refreshToken: {
    method: 'POST',
    path: '/refreshToken',
    request: auth.refreshTokenRequest,
    response: auth.refreshTokenResponse,
    auth: 'refresh',
  },
  logout: {
    method: 'POST',
    path: '/development/logout',
    request: auth.logoutRequest,
    response: okTrue,
    auth: 'user',
    allowDuringMfaSetup: true,
    allowGuests: true,
  },
  userdata: {
    method: 'POST',
    path: '/userdata',
    request: account.userdataRequest,
    response: user,
    auth: 'user',
    allowDuringMfaSetup: true,
  },
  updateUser: {
    method: 'PATCH',
    path: '/development/user/update/:userid',
    params: account.userIdParams,
    request: account.updateUserRequest,
    response: user,
    auth: 'user',
  },
  setUserLanguage: {
    method: 'POST',
    path: '/setUserLanguage',
    request: account.setUserLanguageRequest,
    response: user,
    auth: 'user',
  },
  requestAccountDeletion: {
    method: 'POST',
    path: '/development/user/account/requestAccountDeletion',
    request: emptyRequest,
    response: okTrue,
    auth: 'user',
  },
  getUserBalance: {
    method: 'POST',
    path: '/getUserBalance',
    request: account.getUserBalanceRequest,
    response: account.getUserBalanceResponse,
    auth: 'user',
  },
  getBalanceStatement: {
    method: 'POST',
    path: '/getBalanceStatement',
    request: balance.balanceStatementRequest,
    response: balance.balanceStatementResponse,
    auth: 'user',
  },
  getVisibilityPermissions: {
    method: 'POST',
    path: '/getVisibilityPermissions',
    request: emptyRequest,
    response: account.visibilityPermissionsResponse,
    auth: 'user',
    allowGuests: true,
  },
  getHelpline: {
    method: 'POST',
    path: '/getHelpline',
    request: account.getHelplineRequest,
    response: account.helplineResponse,
    auth: 'user',
    allowGuests: true,
  },
  guestIdentifier: {
    method: 'GET',
    path: '/development/guest/identifier',
    request: noBody,
    response: guest.guestIdentifierResponse,
    auth: 'none',
  },
  guestTokens: {
    method: 'GET',
    path: '/development/guest/tokens/:code',
    params: guest.guestCodeParams,
    query: guest.guestTokensQuery,
    request: noBody,
    response: guest.guestTokensResponse,
    auth: 'none',
  },
  getChargerByBarcode: {
    method: 'POST',
    path: '/getChargerByBarcode',
    request: chargers.getChargerByBarcodeRequest,
    response: chargers.chargerView,
    auth: 'user',
    allowGuests: true,
  },
  listChargers: {
    method: 'POST',
    path: '/listChargers',
    request: chargerList.listChargersRequest,
    response: chargerList.listChargersResponse,
    auth: 'user',
    allowGuests: true,
  },
  listChargerPrices: {
    method: 'POST',
    path: '/listChargerPrices',
    request: chargerList.listChargerPricesRequest,
    response: chargerList.listChargerPricesResponse,
    auth: 'user',
    allowGuests: true,
  },
  operatorCreateCharger: {
    method: 'POST',
    path: '/operator/chargers',
    request: chargers.chargerInput,
    response: chargers.operatorChargerView,
    auth: 'user',
  },
  operatorListChargers: {
    method: 'GET',
    path: '/operator/chargers',
    request: noBody,
    response: z.array(chargers.chargerView),
    auth: 'user',
  },
  operatorGetCharger: {
    method: 'GET',
    path: '/operator/chargers/:chargerid',
    params: chargers.chargerIdParams,
    request: noBody,
    response: chargers.chargerView,
    auth: 'user',
  },
  operatorUpdateCharger: {
    method: 'PATCH',
    path: '/operator/chargers/:chargerid',
    params: chargers.chargerIdParams,
    request: chargers.chargerPatch,
    response: chargers.operatorChargerView,
    auth: 'user',
  },
  operatorDeleteCharger: {
    method: 'DELETE',
    path: '/operator/chargers/:chargerid',
    params: chargers.chargerIdParams,
    request: noBody,
    response: okTrue,
    auth: 'user',
  },
  defaultHelpline: {
    method: 'GET',
    path: '/development/guest/helpline/default',
    request: noBody,
    response: account.helplineResponse,
    auth: 'none',
  },
  getCarTypes: {
    method: 'GET',
    path: '/getCarTypes',
    request: noBody,
    response: reference.carTypesResponse,
    auth: 'none',
  },
  getAllCountries: {
    method: 'GET',
    path: '/getAllCountries',
    request: noBody,
    response: reference.countriesResponse,
    auth: 'none',
  },
  getAllCurrencies: {
    method: 'GET',
    path: '/getAllCurrencies',
    request: noBody,
    response: reference.currenciesResponse,
    auth: 'none',
  },
  getAllLanguages: {
    method: 'GET',
    path: '/getAllLanguages',
    request: noBody,
    response: reference.languagesResponse,
    auth: 'none',
  },
  apiVersionCheck: {
    method: 'GET',
    path: '/apiversioncheck',
    request: noBody,
    response: reference.apiVersionResponse,
    auth: 'none',
  },
  getChargerPreauth: {
    method: 'GET',
    path: '/development/charger/preauth/:chargerid',
    params: chargers.chargerIdParams,
    request: noBody,
    response: chargerCalls.preauthResponse,
    auth: 'user',
    allowGuests: true,
  },
  checkMyTransactionData: {
    method: 'POST',
    path: '/checkMyTransactionData',
    request: chargerCalls.checkMyTransactionDataRequest,
    response: chargerCalls.myTransactionData,
    auth: 'user',
    allowGuests: true,
  },
  getUnauthorizedAuthsOnChargerByBarcode: {
    method: 'POST',
    path: '/getUnauthorizedAuthsOnChargerByBarcode',
    request: chargerCalls.unauthorizedAuthsRequest,
    response: chargerCalls.unauthorizedAuthsResponse,
    auth: 'user',
  },
  getChargerCapabilities: {
    method: 'GET',
    path: '/development/charger/capabilities/:chargerid',
    params: chargers.chargerIdParams,
    request: noBody,
    response: chargerCalls.chargerCapabilities,
    auth: 'user',
    allowGuests: true,
  },
  // Home charging (spec 001 §7)
  listHomeChargers: {
    method: 'GET',
    path: '/development/charger/list/home',
    request: noBody,
    response: home.homeChargerList,
    auth: 'user',
  },
  claimCharger: {
    method: 'POST',
    path: '/development/charger/claim',
    request: home.claimChargerRequest,
    response: home.homeChargerView,
    auth: 'user',
  },
  updateHomeCharger: {
    method: 'PATCH',
    path: '/development/charger/update/:id',
    params: home.homeChargerParams,
    request: home.updateHomeChargerRequest,
    response: home.homeChargerView,
    auth: 'user',
  },
  // Home charging schedules (issue 17; 000 §7 governmentdefault)
  getChargerSchedules: {
    method: 'GET',
    path: '/development/charger/schedules/:chargerid',
    params: chargers.chargerIdParams,
    request: noBody,
    response: schedules.chargerSchedulesView,
    auth: 'user',
  },
  putChargerSchedules: {
    method: 'PUT',
    path: '/development/charger/schedules/:chargerid',
    params: chargers.chargerIdParams,
    request: schedules.putChargerSchedulesRequest,
    response: schedules.putChargerSchedulesResponse,
    auth: 'user',
  },
  getGovernmentDefaultProfile: {
    method: 'GET',
    path: '/development/charger/profile/governmentdefault/:chargerid',
    params: chargers.chargerIdParams,
    request: noBody,
    response: schedules.governmentDefaultView,
    auth: 'user',
  },
  getReadyBy: {
    method: 'GET',
    path: '/development/charger/readyby/:chargerid',
    params: chargers.chargerIdParams,
    request: noBody,
    response: schedules.readyByView,
    auth: 'user',
  },
  putReadyBy: {
    method: 'PUT',
    path: '/development/charger/readyby/:chargerid',
    params: chargers.chargerIdParams,
    request: schedules.putReadyByRequest,
    response: schedules.readyByView,
    auth: 'user',
  },
  listEnergySuppliers: {
    method: 'GET',
    path: '/development/energy/suppliers',
    request: noBody,
    response: home.energySupplierList,
    auth: 'user',
  },
  operatorReplaceEnergySuppliers: {
    method: 'PUT',
    path: '/operator/energy/suppliers',
    request: home.replaceEnergySuppliersRequest,
    response: home.energySupplierList,
    auth: 'user',
  },
  // Payments (spec 000 §7)
  listCards: {
    method: 'POST',
    path: '/listCards',
    request: emptyRequest,
    response: payments.listCardsResponse,
    auth: 'user',
    allowGuests: true,
  },
  addToStripeSources: {
    method: 'POST',
    path: '/addToStripeSources',
    request: payments.addToStripeSourcesRequest,
    response: payments.addToStripeSourcesResponse,
    auth: 'user',
    allowGuests: true,
  },
  deleteStripeSource: {
    method: 'POST',
    path: '/deleteStripeSource',
    request: payments.cardSourceRequest,
    response: payments.listCardsResponse,
    auth: 'user',
    allowGuests: true,
  },
  selectDefaultStripeSource: {
    method: 'POST',
    path: '/selectDefaultStripeSource',
    request: payments.cardSourceRequest,
    response: payments.listCardsResponse,
    auth: 'user',
  },
  getPaymentMethod: {
    method: 'GET',
    path: '/development/stripe/paymentMethod',
    query: payments.paymentMethodQuery,
    request: noBody,
    response: payments.card,
    auth: 'user',
    allowGuests: true,
  },
  initiatePaymentIntent: {
    method: 'POST',
    path: '/initiatePaymentIntent',
    request: payments.initiatePaymentIntentRequest,
    response: payments.paymentIntentResponse,
    auth: 'user',
    allowGuests: true,
  },
  getUncapturedPaymentIntents: {
    method: 'POST',
    path: '/getUncapturedPaymentIntents',
    request: payments.getUncapturedPaymentIntentsRequest,
    response: payments.getUncapturedPaymentIntentsResponse,
    auth: 'user',
    allowGuests: true,
  },
  sendReceipt: {
    method: 'POST',
    path: '/development/stripe/receipts/send/generic',
    request: payments.sendReceiptRequest,
    response: okTrue,
    auth: 'user',
    allowGuests: true,
  },
  // The sandbox payment provider's client calls (Stripe's client flow, offline).
  sandboxCreatePaymentMethod: {
    method: 'POST',
    path: '/sandbox/payment_methods',
    request: payments.sandboxPaymentMethodRequest,
    response: payments.sandboxPaymentMethodResponse,
    auth: 'user',
    allowGuests: true,
  },
  sandboxConfirmPaymentIntent: {
    method: 'POST',
    path: '/sandbox/payment_intents/:id/confirm',
    params: payments.sandboxIntentParams,
    request: payments.sandboxConfirmRequest,
    response: payments.sandboxPaymentIntent,
    auth: 'user',
    allowGuests: true,
  },
  sandboxAuthenticatePaymentIntent: {
    method: 'POST',
    path: '/sandbox/payment_intents/:id/authenticate',
    params: payments.sandboxIntentParams,
    request: payments.sandboxAuthenticateRequest,
    response: payments.sandboxPaymentIntent,
    auth: 'user',
    allowGuests: true,
  },
  sandboxGetPaymentIntent: {
    method: 'GET',
    path: '/sandbox/payment_intents/:id',
    params: payments.sandboxIntentParams,
    query: payments.sandboxIntentQuery,
    request: noBody,
    response: payments.sandboxPaymentIntent,
    auth: 'user',
    allowGuests: true,
  },
  // Sessions (spec 000 §7)
  remoteStartTransaction: {
    method: 'POST',
    path: '/remoteStartTransaction',
    request: sessions.remoteStartTransactionRequest,
    response: sessions.transactionView,
    auth: 'user',
    allowGuests: true,
  },
  remoteStopTransaction: {
    method: 'POST',
    path: '/remoteStopTransaction',
    request: sessions.transactionIdRequest,
    response: sessions.transactionView,
    auth: 'user',
    allowGuests: true,
  },
  pauseTransaction: {
    method: 'POST',
    path: '/development/charger/pause/:transactionid',
    params: sessions.transactionIdParams,
    request: emptyRequest,
    response: sessions.transactionView,
    auth: 'user',
    allowGuests: true,
  },
  unpauseTransaction: {
    method: 'POST',
    path: '/development/charger/unpause/:transactionid',
    params: sessions.transactionIdParams,
    request: emptyRequest,
    response: sessions.transactionView,
    auth: 'user',
    allowGuests: true,
  },
  clearDefaultProfile: {
    method: 'POST',
    path: '/development/charger/profile/cleardefault',
    request: sessions.transactionIdRequest,
    response: okTrue,
    auth: 'user',
  },
  getTransactionByID: {
    method: 'POST',
    path: '/getTransactionByID',
    request: sessions.transactionIdRequest,
    response: sessions.transactionView,
    auth: 'user',
    allowGuests: true,
  },
  latestUserTransaction: {
    method: 'GET',
    path: '/development/transaction/user/latest',
    request: noBody,
    response: sessions.transactionView.nullable(),
    auth: 'user',
    allowGuests: true,
  },
  unlockChargerConnector: {
    method: 'POST',
    path: '/unlockChargerConnector',
    request: sessions.unlockConnectorRequest,
    response: sessions.unlockConnectorResponse,
    auth: 'user',
    allowGuests: true,
  },
  unlockCheck: {
    method: 'GET',
    path: '/connector/unlock/check',
    query: sessions.unlockCheckQuery,
    request: noBody,
    response: sessions.unlockCheckResponse,
    auth: 'user',
    allowGuests: true,
  },
  listJoinedUserGroups: {
    method: 'POST',
    path: '/listJoinedUserGroups',
    request: emptyRequest,
    response: groups.joinedGroups,
    auth: 'user',
  },
  removeSelfFromGroup: {
    method: 'POST',
    path: '/removeSelfFromGroup',
    request: groups.removeSelfFromGroupRequest,
    response: okTrue,
    auth: 'user',
  },
  addUserToGroupByCode: {
    method: 'POST',
    path: '/addUserToGroupByCode',
    request: groups.addUserToGroupByCodeRequest,
    response: groups.joinedGroup,
    auth: 'user',
  },
  listJoinedGroups: {
    method: 'POST',
    path: '/development/usergroup/listjoined',
    request: emptyRequest,
    response: groups.joinedGroups,
    auth: 'user',
  },
  leaveJoinedGroup: {
    method: 'POST',
    path: '/development/usergroup/leavejoined',
    request: groups.leaveJoinedGroupRequest,
    response: okTrue,
    auth: 'user',
  },
  joinGroupByCode: {
    method: 'POST',
    path: '/development/usergroup/join/bycode',
    request: groups.joinGroupByCodeRequest,
    response: groups.joinedGroup,
    auth: 'user',
  },
  operatorCreateGroup: {
    method: 'POST',
    path: '/operator/groups',
    request: groups.groupInput,
    response: groups.groupView,
    auth: 'user',
  },
  operatorListGroups: {
    method: 'GET',
    path: '/operator/groups',
    request: noBody,
    response: z.array(groups.groupView),
    auth: 'user',
  },
  operatorSetGroupTariffs: {
    method: 'PUT',
    path: '/operator/groups/:groupid/tariffs',
    params: groups.groupIdParams,
    request: groups.groupTariffsInput,
    response: groups.groupView,
    auth: 'user',
  },
  getChargeHistory: {
    method: 'POST',
    path: '/getChargeHistory',
    request: history.chargeHistoryRequest,
    response: history.chargeHistoryResponse,
    auth: 'user',
    allowGuests: true,
  },
  getDashboardData: {
    method: 'POST',
    path: '/getDashboardData',
    request: history.dashboardDataRequest,
    response: history.dashboardDataResponse,
    auth: 'user',
  },
  // RFID cards (spec 000 §7)
  createRFID: {
    method: 'POST',
    path: '/createRFID',
    request: rfid.createRfidRequest,
    response: rfid.rfidCardResponse,
    auth: 'user',
  },
  linkRFIDByCardnumber: {
    method: 'POST',
    path: '/linkRFIDByCardnumber',
    request: rfid.linkRfidByCardnumberRequest,
    response: rfid.rfidCardResponse,
    auth: 'user',
  },
  unlinkRFID: {
    method: 'POST',
    path: '/unlinkRFID',
    request: rfid.unlinkRfidRequest,
    response: rfid.userRfidsResponse,
    auth: 'user',
  },
  getUserRFIDs: {
    method: 'POST',
    path: '/getUserRFIDs',
    request: rfid.userRfidsRequest,
    response: rfid.userRfidsResponse,
    auth: 'user',
  },
  updatePaymentMethod: {
    method: 'POST',
    path: '/development/stripe/paymentMethod/update',
    request: payments.updatePaymentMethodRequest,
    response: payments.card,
    auth: 'user',
  },
  // The support console (issue 18): staff only, each action audited.
  consoleFindDrivers: {
    method: 'POST',
    path: '/console/drivers/find',
    request: support.findDriversRequest,
    response: support.findDriversResponse,
    auth: 'user',
    staff: true,
  },
  consoleDriverOverview: {
    method: 'GET',
    path: '/console/drivers/:driverid',
    params: support.driverIdParams,
    request: noBody,
    response: support.driverOverviewResponse,
    auth: 'user',
    staff: true,
  },
  consoleCreditBalance: {
    method: 'POST',
    path: '/console/drivers/:driverid/credit',
    params: support.driverIdParams,
    request: support.creditRequest,
    response: support.creditResponse,
    auth: 'user',
    staff: true,
  },
  consoleMasquerade: {
    method: 'POST',
    path: '/console/drivers/:driverid/masquerade',
    params: support.driverIdParams,
    request: support.masqueradeRequest,
    response: support.masqueradeResponse,
    auth: 'user',
    staff: true,
  },
  consoleStopSession: {
    method: 'POST',
    path: '/console/sessions/:sessionid/stop',
    params: support.sessionIdParams,
    request: support.reasonRequest,
    response: support.consoleSession,
    auth: 'user',
    staff: true,
  },
  consoleResendReceipt: {
    method: 'POST',
    path: '/console/sessions/:sessionid/receipt',
    params: support.sessionIdParams,
    request: support.reasonRequest,
    response: okTrue,
    auth: 'user',
    staff: true,
  },
  consoleRefund: {
    method: 'POST',
    path: '/console/sessions/:sessionid/refund',
    params: support.sessionIdParams,
    request: support.refundRequest,
    response: support.refundResponse,
    auth: 'user',
    staff: true,
  },
  consoleUnlockConnector: {
    method: 'POST',
    path: '/console/chargers/:chargerid/unlock',
    params: support.consoleChargerParams,
    request: support.consoleUnlockRequest,
    response: okTrue,
    auth: 'user',
    staff: true,
  },
  consoleChargers: {
    method: 'GET',
    path: '/console/chargers',
    request: noBody,
    response: support.consoleChargersResponse,
    auth: 'user',
    staff: true,
  },
  consoleAudit: {
    method: 'GET',
    path: '/console/audit',
    query: support.auditQuery,
    request: noBody,
    response: support.auditResponse,
    auth: 'user',
    staff: true,
  },
  consoleHelplineRecord: {
    method: 'POST',
    path: '/console/helpline',
    request: support.helplineContactRequest,
    response: support.helplineContact,
    auth: 'user',
    staff: true,
  },
  consoleHelplineList: {
    method: 'GET',
    path: '/console/helpline',
    query: support.helplineListQuery,
    request: noBody,
    response: support.helplineListResponse,
    auth: 'user',
    staff: true,
  },
  /** The quarter's contacts as CSV (text/csv), as regulation 9 asks. */
  consoleHelplineExport: {
    method: 'GET',
    path: '/console/helpline/export',
    query: support.helplineExportQuery,
    request: noBody,
    response: z.string(),
    auth: 'user',
    staff: true,
  },
} as const satisfies Record<string, CallDefinition>;

export type Calls = typeof calls;
export type CallName = keyof Calls;

/**
 * What a masquerade token may not do (issue 18): change the password or the second factors, or
 * delete the account. (No call changes an account's e-mail address.)
 */
export const MASQUERADE_REFUSED_CALLS = [
  'updatePassword',
  'mfaSetup',
  'mfaSetupConfirm',
  'mfaSetDefault',
  'mfaRemove',
  'requestAccountDeletion',
] as const satisfies readonly CallName[];
/** What the caller sends (before the schema's defaults and transforms). */
export type CallRequest<K extends CallName> = z.input<Calls[K]['request']>;
/** What the server receives after validation. */
export type CallParsedRequest<K extends CallName> = z.output<Calls[K]['request']>;
/** The `data` of a successful answer. */
export type CallResponse<K extends CallName> = z.output<Calls[K]['response']>;
/** Path parameters, for calls whose path has `:name` segments. */
export type CallParams<K extends CallName> = Calls[K] extends { params: z.ZodType }
  ? z.input<Calls[K]['params']>
  : undefined;

/** Fills `:name` segments of a call's path. */
export function callPath(definition: CallDefinition, params?: Record<string, string>): string {
  return definition.path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined)
      throw new Error(`missing path parameter ${name} for ${definition.path}`);
    return encodeURIComponent(value);
  });
}
