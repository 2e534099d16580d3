-- OCPP-level transactions, their meter values, id tags and Authorize attempts.

-- Tags a charger may present: those the server issued for a remote start (owner = the driver who
-- asked) and RFID cards linked to a user (linking comes with the RFID work; owner may be null).
CREATE TABLE id_tags (
  id_tag text PRIMARY KEY,
  user_id text REFERENCES users (id) ON DELETE SET NULL,
  kind text NOT NULL CHECK (kind IN ('remote', 'rfid')),
  created_at timestamptz NOT NULL DEFAULT now()
);

-- transactionId is the OCPP integer the charger keeps; a replayed StartTransaction finds its row
-- again through (charger, connector, started_at, meter_start).
CREATE TABLE ocpp_transactions (
  transaction_id serial PRIMARY KEY,
  charger_id text NOT NULL REFERENCES chargers (id) ON DELETE CASCADE,
  connector_number integer NOT NULL,
  id_tag text,
  user_id text REFERENCES users (id) ON DELETE SET NULL,
  meter_start_wh bigint,
  meter_stop_wh bigint,
  started_at timestamptz,
  stopped_at timestamptz,
  stop_reason text,
  -- Filled by the payments work: the payment intent that secures the session and its state.
  payment_intent_id text,
  payment_status text,
  -- True for a row created by a StopTransaction or MeterValues whose start was never seen.
  start_unknown boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (charger_id, connector_number, started_at, meter_start_wh)
);
CREATE INDEX ocpp_transactions_open_idx ON ocpp_transactions (charger_id, connector_number) WHERE stopped_at IS NULL;

CREATE TABLE ocpp_meter_values (
  id bigserial PRIMARY KEY,
  charger_id text NOT NULL REFERENCES chargers (id) ON DELETE CASCADE,
  connector_number integer NOT NULL,
  transaction_id integer,
  energy_wh bigint,
  power_w double precision,
  soc_percent double precision,
  sampled_at timestamptz NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (charger_id, connector_number, transaction_id, sampled_at)
);
CREATE INDEX ocpp_meter_values_tx_idx ON ocpp_meter_values (transaction_id, sampled_at);

CREATE TABLE ocpp_authorize_attempts (
  id bigserial PRIMARY KEY,
  charger_id text NOT NULL REFERENCES chargers (id) ON DELETE CASCADE,
  id_tag text NOT NULL,
  status text NOT NULL,
  attempted_at timestamptz NOT NULL
);
CREATE INDEX ocpp_authorize_attempts_idx ON ocpp_authorize_attempts (charger_id, attempted_at);
