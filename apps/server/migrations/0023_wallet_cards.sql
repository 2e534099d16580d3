-- spec 000 §3: a saved card's source is one of the five payment methods. A card saved from a
-- wallet (Apple Pay, Google Pay) keeps the wallet as its source, so the app shows it as such.
ALTER TABLE payment_cards DROP CONSTRAINT IF EXISTS payment_cards_source_check;
ALTER TABLE payment_cards ADD CONSTRAINT payment_cards_source_check
  CHECK (source IN ('CREDIT', 'FUELCARD', 'PAYG', 'APPLEPAY', 'GOOGLEPAY'));
