-- Issue 19: credit stays in the currency it was bought in. Each movement of a balance keeps the
-- currency it was made in (the account's, which changes only at a zero balance), so the driver's
-- statement never relabels an earlier movement; the statement reads a driver's newest first.
ALTER TABLE balance_movements ADD COLUMN currency text;
UPDATE balance_movements m SET currency = u.currency_code FROM users u WHERE u.id = m.user_id;
ALTER TABLE balance_movements ALTER COLUMN currency SET NOT NULL;
CREATE INDEX balance_movements_user_newest ON balance_movements (user_id, created_at DESC);

-- Issue 19: a card that will be declined is refused when it is added, as Stripe's SetupIntent
-- refuses it. Stripe's 4000000000000341 attaches and is then declined at every charge: the
-- sandbox keeps that case (a decline at the charger) with it.
ALTER TABLE sandbox_payment_methods DROP CONSTRAINT IF EXISTS sandbox_payment_methods_behaviour_check;
ALTER TABLE sandbox_payment_methods ADD CONSTRAINT sandbox_payment_methods_behaviour_check
  CHECK (behaviour IN ('succeeds', 'declined', 'authentication', 'insufficient_funds',
    'declined_after_attach'));
