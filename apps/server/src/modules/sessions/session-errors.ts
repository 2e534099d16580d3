import { AppError } from '../../platform/errors.ts';

export const sessionNotFound = () =>
  new AppError(404, 'TRANSACTION_NOT_FOUND', 'Transaction Not Found');
export const chargerNotFound = () => new AppError(404, 'CHARGER_NOT_FOUND', 'Charger Not Found');
export const connectorBusy = () =>
  new AppError(409, 'CONNECTOR_BUSY', 'This connector is already in use');
export const notCharging = () =>
  new AppError(409, 'TRANSACTION_NOT_CHARGING', 'This session is not charging');
