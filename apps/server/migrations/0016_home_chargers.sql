-- Home chargers (spec 001): an operator provisions a charger with home = true and hands its owner
-- a single-use adoption code (only its hash is kept); the owner adopts it with the code, then
-- names it, sets its settings and a home tariff. Only the owner reads or changes it.
ALTER TABLE chargers ADD COLUMN owner_id text REFERENCES users (id) ON DELETE SET NULL;
ALTER TABLE chargers ADD COLUMN adoption_code_hash text;
ALTER TABLE chargers ADD COLUMN adopted_at timestamptz;
ALTER TABLE chargers ADD COLUMN schedule_type text NOT NULL DEFAULT 'NONE'
  CHECK (schedule_type IN ('CUSTOM', 'DEFAULT', 'NONE'));
ALTER TABLE chargers ADD COLUMN off_peak boolean NOT NULL DEFAULT false;
-- spec 001 §9: the randomised delay is on by default.
ALTER TABLE chargers ADD COLUMN randomised_delay boolean NOT NULL DEFAULT true;
-- spec 001 §3: supplier, plan, postcode, day rate and optional night rate (pence per kWh).
ALTER TABLE chargers ADD COLUMN home_tariff jsonb;
CREATE INDEX chargers_owner_idx ON chargers (owner_id) WHERE owner_id IS NOT NULL;
