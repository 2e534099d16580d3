-- RFID cards a driver linked to their account. The card's uid is the OCPP idTag a charger sends
-- in Authorize; the id_tags row (kind 'rfid') is what Authorize reads, this row what the driver
-- manages. Both are written and removed together.
CREATE TABLE rfid_cards (
  id text PRIMARY KEY,
  uid text NOT NULL UNIQUE REFERENCES id_tags (id_tag) ON DELETE CASCADE,
  -- The number printed on the card: for our cards, the uid itself (see ADR 0007).
  cardnumber text NOT NULL,
  name text NOT NULL DEFAULT '',
  is_from_scan boolean NOT NULL DEFAULT false,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX rfid_cards_user_idx ON rfid_cards (user_id, created_at);
