// The messages a charge point sends under OCPP 1.6J, typed from the protocol's JSON schemas (the
// ones ocpp-rpc validates every message with before a handler sees it).

export type IdTagStatus = 'Accepted' | 'Blocked' | 'Expired' | 'Invalid' | 'ConcurrentTx';

export interface IdTagInfo {
  status: IdTagStatus;
  expiryDate?: string;
  parentIdTag?: string;
}

export type Measurand =
  | 'Energy.Active.Export.Register'
  | 'Energy.Active.Import.Register'
  | 'Energy.Reactive.Export.Register'
  | 'Energy.Reactive.Import.Register'
  | 'Energy.Active.Export.Interval'
  | 'Energy.Active.Import.Interval'
  | 'Energy.Reactive.Export.Interval'
  | 'Energy.Reactive.Import.Interval'
  | 'Power.Active.Export'
  | 'Power.Active.Import'
  | 'Power.Offered'
  | 'Power.Reactive.Export'
  | 'Power.Reactive.Import'
  | 'Power.Factor'
  | 'Current.Import'
  | 'Current.Export'
  | 'Current.Offered'
  | 'Voltage'
  | 'Frequency'
  | 'Temperature'
  | 'SoC'
  | 'RPM';

export interface SampledValue {
  value: string;
  context?:
    | 'Interruption.Begin'
    | 'Interruption.End'
    | 'Sample.Clock'
    | 'Sample.Periodic'
    | 'Transaction.Begin'
    | 'Transaction.End'
    | 'Trigger'
    | 'Other';
  format?: 'Raw' | 'SignedData';
  measurand?: Measurand;
  phase?: 'L1' | 'L2' | 'L3' | 'N' | 'L1-N' | 'L2-N' | 'L3-N' | 'L1-L2' | 'L2-L3' | 'L3-L1';
  location?: 'Cable' | 'EV' | 'Inlet' | 'Outlet' | 'Body';
  unit?:
    | 'Wh'
    | 'kWh'
    | 'varh'
    | 'kvarh'
    | 'W'
    | 'kW'
    | 'VA'
    | 'kVA'
    | 'var'
    | 'kvar'
    | 'A'
    | 'V'
    | 'K'
    | 'Celcius'
    | 'Celsius'
    | 'Fahrenheit'
    | 'Percent';
}

export interface MeterValue {
  timestamp: string;
  sampledValue: SampledValue[];
}

/** OCPP 1.6 §7.7 ChargePointStatus. */
export type ChargePointStatus =
  | 'Available'
  | 'Preparing'
  | 'Charging'
  | 'SuspendedEVSE'
  | 'SuspendedEV'
  | 'Finishing'
  | 'Reserved'
  | 'Unavailable'
  | 'Faulted';

/** OCPP 1.6 §7.6 ChargePointErrorCode. */
export type ChargePointErrorCode =
  | 'ConnectorLockFailure'
  | 'EVCommunicationError'
  | 'GroundFailure'
  | 'HighTemperature'
  | 'InternalError'
  | 'LocalListConflict'
  | 'NoError'
  | 'OtherError'
  | 'OverCurrentFailure'
  | 'PowerMeterFailure'
  | 'PowerSwitchFailure'
  | 'ReaderFailure'
  | 'ResetFailure'
  | 'UnderVoltage'
  | 'OverVoltage'
  | 'WeakSignal';

/** OCPP 1.6 §7.41 Reason, why a transaction stopped. */
export type StopReason =
  | 'EmergencyStop'
  | 'EVDisconnected'
  | 'HardReset'
  | 'Local'
  | 'Other'
  | 'PowerLoss'
  | 'Reboot'
  | 'Remote'
  | 'SoftReset'
  | 'UnlockCommand'
  | 'DeAuthorized';

/** Each request a charge point sends, by action. */
export interface ChargePointRequests {
  Authorize: { idTag: string };
  BootNotification: {
    chargePointVendor: string;
    chargePointModel: string;
    chargePointSerialNumber?: string;
    chargeBoxSerialNumber?: string;
    firmwareVersion?: string;
    iccid?: string;
    imsi?: string;
    meterType?: string;
    meterSerialNumber?: string;
  };
  DataTransfer: { vendorId: string; messageId?: string; data?: string };
  DiagnosticsStatusNotification: { status: 'Idle' | 'Uploaded' | 'UploadFailed' | 'Uploading' };
  FirmwareStatusNotification: {
    status:
      | 'Downloaded'
      | 'DownloadFailed'
      | 'Downloading'
      | 'Idle'
      | 'InstallationFailed'
      | 'Installing'
      | 'Installed';
  };
  Heartbeat: Record<string, never>;
  MeterValues: { connectorId: number; transactionId?: number; meterValue: MeterValue[] };
  StartTransaction: {
    connectorId: number;
    idTag: string;
    meterStart: number;
    reservationId?: number;
    timestamp: string;
  };
  StatusNotification: {
    connectorId: number;
    errorCode: ChargePointErrorCode;
    info?: string;
    status: ChargePointStatus;
    timestamp?: string;
    vendorId?: string;
    vendorErrorCode?: string;
  };
  StopTransaction: {
    idTag?: string;
    meterStop: number;
    timestamp: string;
    transactionId: number;
    reason?: StopReason;
    transactionData?: MeterValue[];
  };
}

/** The central system's answer to each, by action. */
export interface ChargePointResponses {
  Authorize: { idTagInfo: IdTagInfo };
  BootNotification: {
    status: 'Accepted' | 'Pending' | 'Rejected';
    currentTime: string;
    interval: number;
  };
  DataTransfer: {
    status: 'Accepted' | 'Rejected' | 'UnknownMessageId' | 'UnknownVendorId';
    data?: string;
  };
  DiagnosticsStatusNotification: Record<string, never>;
  FirmwareStatusNotification: Record<string, never>;
  Heartbeat: { currentTime: string };
  MeterValues: Record<string, never>;
  StartTransaction: { idTagInfo: IdTagInfo; transactionId: number };
  StatusNotification: Record<string, never>;
  StopTransaction: { idTagInfo?: IdTagInfo };
}

export type ChargePointAction = keyof ChargePointRequests;

/**
 * Registers the handler of one action. The request reaches it validated against the action's
 * schema; an error it throws is answered as the protocol says (see central-system.ts).
 */
export type HandleChargePointAction = <A extends ChargePointAction>(
  action: A,
  handler: (request: ChargePointRequests[A]) => Promise<ChargePointResponses[A]>,
) => void;
