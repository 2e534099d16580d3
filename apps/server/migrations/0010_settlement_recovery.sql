-- Settlement that survives a crash or a failing provider, and overstay after the driver stops
-- (ADR 0013). A session stopped with the cable still in, at a tariff with overstay fees, waits
-- for the unplug before it is settled; the sweep finds claims left unfinished and transient
-- failures and settles them again, a bounded number of times.
ALTER TABLE charging_sessions
  ADD COLUMN awaiting_unplug boolean NOT NULL DEFAULT false,
  ADD COLUMN unplugged_at timestamptz,
  ADD COLUMN settlement_attempts integer NOT NULL DEFAULT 0,
  ADD COLUMN settlement_retry_at timestamptz;
-- What the sweep reads: finished sessions whose payment is not settled yet.
CREATE INDEX charging_sessions_unsettled_idx ON charging_sessions (updated_at)
  WHERE state = 'finished' AND payment_status IN ('none', 'held', 'failed');
