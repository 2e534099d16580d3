-- Chargers (spec 000 §3): provisioned by an operator, connected over OCPP 1.6J.
CREATE TABLE chargers (
  id text PRIMARY KEY,
  charge_point_id text NOT NULL UNIQUE,
  barcode text NOT NULL UNIQUE CHECK (barcode ~ '^[0-9]{4}$'),
  name text NOT NULL,
  address text NOT NULL,
  city text NOT NULL,
  post_code text NOT NULL,
  country text NOT NULL,
  lat double precision NOT NULL,
  lon double precision NOT NULL,
  tariff jsonb NOT NULL,
  password_hash text,
  home boolean NOT NULL DEFAULT false,
  operator_id text REFERENCES users (id) ON DELETE SET NULL,
  vendor text,
  model text,
  serial_number text,
  firmware_version text,
  online boolean NOT NULL DEFAULT false,
  last_boot_at timestamptz,
  last_heartbeat_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE connectors (
  charger_id text NOT NULL REFERENCES chargers (id) ON DELETE CASCADE,
  connector_number integer NOT NULL,
  type text NOT NULL,
  max_power_kw double precision NOT NULL,
  status text NOT NULL DEFAULT 'Unknown',
  error_code text,
  status_at timestamptz,
  PRIMARY KEY (charger_id, connector_number)
);

-- Every status a connector reported (connector 0 is the charger itself), for reliability figures.
CREATE TABLE connector_status_history (
  id bigserial PRIMARY KEY,
  charger_id text NOT NULL REFERENCES chargers (id) ON DELETE CASCADE,
  connector_number integer NOT NULL,
  status text NOT NULL,
  error_code text,
  reported_at timestamptz NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX connector_status_history_idx ON connector_status_history (charger_id, connector_number, reported_at);
