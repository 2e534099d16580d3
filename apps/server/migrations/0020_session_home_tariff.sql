-- The home tariff in force when a session at a home charger started (issue 16): its homeCharge is
-- costed at that tariff, so an owner who changes supplier later does not re-price past charges.
-- Null at public chargers, at a home charger with no tariff then, and for sessions recorded
-- before this column (those are costed at the charger's tariff).
ALTER TABLE charging_sessions ADD COLUMN home_tariff jsonb;
