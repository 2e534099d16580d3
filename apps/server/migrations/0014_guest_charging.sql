-- Guests charge and pay (ADR 0021). A charging session and a saved card belong to a user or to a
-- guest, never both; owner_id is whichever it is, and every "the caller's own" filter reads it.
-- Payment intents, session payments, sandbox card numbers and Stripe customers already name their
-- owner without a foreign key: a guest's id goes there as it is.
ALTER TABLE charging_sessions ALTER COLUMN user_id DROP NOT NULL;
ALTER TABLE charging_sessions ADD COLUMN guest_id text REFERENCES guests (id);
ALTER TABLE charging_sessions ADD CONSTRAINT charging_sessions_owner_check
  CHECK ((user_id IS NULL) <> (guest_id IS NULL));
ALTER TABLE charging_sessions
  ADD COLUMN owner_id text GENERATED ALWAYS AS (COALESCE(user_id, guest_id)) STORED;
CREATE INDEX charging_sessions_owner_idx ON charging_sessions (owner_id, created_at DESC);
CREATE INDEX charging_sessions_guest_idx ON charging_sessions (guest_id) WHERE guest_id IS NOT NULL;

ALTER TABLE payment_cards ALTER COLUMN user_id DROP NOT NULL;
ALTER TABLE payment_cards ADD COLUMN guest_id text REFERENCES guests (id) ON DELETE CASCADE;
ALTER TABLE payment_cards ADD CONSTRAINT payment_cards_owner_check
  CHECK ((user_id IS NULL) <> (guest_id IS NULL));
ALTER TABLE payment_cards
  ADD COLUMN owner_id text GENERATED ALWAYS AS (COALESCE(user_id, guest_id)) STORED;
DROP INDEX payment_cards_one_default_idx;
CREATE UNIQUE INDEX payment_cards_one_default_idx ON payment_cards (owner_id) WHERE is_default;
CREATE INDEX payment_cards_owner_idx ON payment_cards (owner_id);

-- A Stripe customer is made for whoever pays: a user or a guest.
ALTER TABLE stripe_customers DROP CONSTRAINT stripe_customers_user_id_fkey;

-- What a guest may leave with us: an address for receipts and the language to write them in.
-- removed_at: the code no longer works (the guest registered, or was purged after 90 days idle);
-- the row stays, without personal data, as the anonymous owner of sessions kept for accounting.
ALTER TABLE guests
  ADD COLUMN email text,
  ADD COLUMN language_code text,
  ADD COLUMN removed_at timestamptz,
  ADD COLUMN registering_user_id text REFERENCES users (id) ON DELETE SET NULL,
  ADD COLUMN converted_user_id text REFERENCES users (id) ON DELETE SET NULL;
CREATE INDEX guests_idle_idx ON guests (last_seen_at) WHERE removed_at IS NULL;
CREATE INDEX guests_registering_idx ON guests (registering_user_id) WHERE registering_user_id IS NOT NULL;

-- The id tag issued for a guest's remote start, and the charger's transaction it starts, name the
-- guest as a user's name the user (checkMyTransactionData reads them).
ALTER TABLE id_tags ADD COLUMN guest_id text REFERENCES guests (id) ON DELETE SET NULL;
ALTER TABLE ocpp_transactions ADD COLUMN guest_id text REFERENCES guests (id) ON DELETE SET NULL;
