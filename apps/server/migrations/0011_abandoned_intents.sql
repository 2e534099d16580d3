-- Intents nobody will use are cancelled with the provider by every node's sweep (ADR 0011): a
-- wallet sheet closed, a card never confirmed, a hold no session used. A provider failure puts
-- the intent off until sweep_retry_at, a bounded number of times.
ALTER TABLE payment_intents
  ADD COLUMN sweep_attempts integer NOT NULL DEFAULT 0,
  ADD COLUMN sweep_retry_at timestamptz;
-- What the sweep reads: unused intents not final yet.
CREATE INDEX payment_intents_unused_open_idx ON payment_intents (created_at)
  WHERE session_id IS NULL
    AND status IN ('requires_payment_method', 'requires_confirmation', 'requires_action',
                   'requires_capture');
