-- Charging sessions: what a driver started through the app, how it is paid, and what it cost.
-- The OCPP record (ocpp_transactions) stays the charger's account of events; a session links to it
-- at StartTransaction through the id tag the server issued for the remote start.
CREATE TABLE charging_sessions (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  charger_id text NOT NULL REFERENCES chargers (id) ON DELETE CASCADE,
  connector_number integer NOT NULL,
  id_tag text NOT NULL UNIQUE,
  source text NOT NULL,
  intent_id text,
  state text NOT NULL CHECK (state IN ('pending', 'charging', 'paused', 'pausedByVehicle', 'finished', 'rejected')),
  -- The tariff when the session was started: a later price change does not touch it.
  tariff jsonb NOT NULL,
  limit_a double precision,
  paused_by_driver boolean NOT NULL DEFAULT false,
  -- No StartTransaction by then makes a pending session rejected and releases its hold.
  start_deadline timestamptz NOT NULL,
  transaction_id integer UNIQUE,
  started_at timestamptz,
  stopped_at timestamptz,
  meter_start_wh bigint,
  meter_stop_wh bigint,
  last_energy_wh bigint,
  power_w double precision,
  -- When the car stopped drawing (SuspendedEV); overstay is counted from here.
  vehicle_idle_since timestamptz,
  cost_total integer NOT NULL DEFAULT 0,
  cost_parts jsonb NOT NULL DEFAULT '{"energy":0,"connection":0,"periods":0,"overstay":0}',
  breakdown jsonb NOT NULL DEFAULT '[]',
  held_minor integer NOT NULL DEFAULT 0,
  captured_minor integer,
  payment_status text NOT NULL DEFAULT 'none',
  -- Set by the one caller that settles: a StopTransaction replayed or raced settles once.
  settlement_claimed_at timestamptz,
  receipt_sent_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX charging_sessions_user_idx ON charging_sessions (user_id, created_at DESC);
CREATE INDEX charging_sessions_open_idx ON charging_sessions (charger_id, connector_number)
  WHERE state IN ('pending', 'charging', 'paused', 'pausedByVehicle');
