-- Sessions whose charger went away (issue: a real charger network). `last_report_at` is when the
-- charger last said anything about the session (its start, a meter value, its connector's
-- status); a session silent for SESSION_ABANDON_AFTER while its charger is offline, or while its
-- connector reports no transaction, is ended on its last reading with `end_reason` set. A
-- StopTransaction that arrives after that is reconciled once (`late_stop_at`).
ALTER TABLE charging_sessions ADD COLUMN last_report_at timestamptz;
ALTER TABLE charging_sessions ADD COLUMN end_reason text CHECK (end_reason IN ('charger-offline'));
ALTER TABLE charging_sessions ADD COLUMN late_stop_at timestamptz;
CREATE INDEX charging_sessions_live_idx ON charging_sessions (charger_id)
  WHERE state IN ('charging', 'paused', 'pausedByVehicle');
