-- Sessions waiting for their cable to come out (ADR 0013) are looked up on every sweep, on every
-- connector that reports Available and on every StartTransaction: a few rows among all sessions.
CREATE INDEX charging_sessions_awaiting_unplug_idx ON charging_sessions (charger_id, connector_number)
  WHERE awaiting_unplug;
