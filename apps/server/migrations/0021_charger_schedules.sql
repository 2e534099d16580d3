-- Home charging schedules (issue 17, spec 001 §3): a home charger's Custom schedules, each with
-- its days and its slots (seconds from local midnight, an end of 0 or 86400 is midnight). The
-- Default type is the UK default in code (GOVERNMENT_DEFAULT_SCHEDULE) and is not stored.
CREATE TABLE charger_schedules (
  id text NOT NULL,
  charger_id text NOT NULL REFERENCES chargers (id) ON DELETE CASCADE,
  position integer NOT NULL,
  name text NOT NULL,
  days text[] NOT NULL,
  -- [{"_id": "...", "startSeconds": 0, "endSeconds": 1800}, ...]
  slots jsonb NOT NULL,
  editable boolean NOT NULL DEFAULT true,
  PRIMARY KEY (charger_id, id),
  UNIQUE (charger_id, position)
);
-- The charger's own randomised delay after each window opens (UK Smart Charge Points Regulations
-- 2021, reg. 11: up to 600 s), drawn once when first needed; null until then.
ALTER TABLE chargers ADD COLUMN randomised_delay_seconds integer
  CHECK (randomised_delay_seconds BETWEEN 0 AND 600);
-- The owner's "ready by" plan (issue 17): {enabled, targetKwh, readyBy: 'HH:mm'}; null when never
-- set. The cheapest half-hours before readyBy narrow the schedule's windows while it is enabled.
ALTER TABLE chargers ADD COLUMN ready_by jsonb;
