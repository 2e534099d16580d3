-- Payments: saved cards, payment intents (the sandbox provider's own state, and the local record
-- of Stripe's), the payment of each charging session, credit-balance movements, Stripe customers
-- and the Stripe webhook events already handled.

-- Card numbers the sandbox accepted (Stripe's test cards). Guests may create them too, so the
-- owner is not a foreign key. `behaviour` is what confirming a payment with the card does.
CREATE TABLE sandbox_payment_methods (
  id text PRIMARY KEY,
  owner_id text NOT NULL,
  brand text NOT NULL,
  last4 text NOT NULL,
  exp_month integer NOT NULL,
  exp_year integer NOT NULL,
  behaviour text NOT NULL CHECK (behaviour IN ('succeeds', 'declined', 'authentication', 'insufficient_funds')),
  created_at timestamptz NOT NULL DEFAULT now()
);

-- A driver's saved card; `id` is the provider's payment-method id.
CREATE TABLE payment_cards (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  provider text NOT NULL CHECK (provider IN ('sandbox', 'stripe')),
  source text NOT NULL CHECK (source IN ('PAYG', 'FUELCARD')),
  brand text NOT NULL,
  last4 text NOT NULL,
  exp_month integer NOT NULL,
  exp_year integer NOT NULL,
  country text,
  funding text,
  name text,
  address_line1 text,
  address_city text,
  address_postal_code text,
  address_country text,
  is_default boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX payment_cards_user_idx ON payment_cards (user_id);
CREATE UNIQUE INDEX payment_cards_one_default_idx ON payment_cards (user_id) WHERE is_default;

-- session_id is set once, by the session the hold secures: a hold never pays for two sessions.
CREATE TABLE payment_intents (
  id text PRIMARY KEY,
  provider text NOT NULL CHECK (provider IN ('sandbox', 'stripe')),
  user_id text NOT NULL,
  purpose text NOT NULL CHECK (purpose IN ('charge', 'topup')),
  amount integer NOT NULL CHECK (amount > 0),
  currency text NOT NULL,
  capture_method text NOT NULL CHECK (capture_method IN ('manual', 'automatic')),
  status text NOT NULL,
  amount_capturable integer NOT NULL DEFAULT 0,
  amount_received integer NOT NULL DEFAULT 0,
  payment_method_id text,
  client_secret text NOT NULL,
  connector_id text,
  last_error text,
  session_id text UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX payment_intents_user_idx ON payment_intents (user_id, payment_method_id);

-- How each charging session is paid; the row lock on it makes settling happen once.
CREATE TABLE session_payments (
  session_id text PRIMARY KEY,
  user_id text NOT NULL,
  source text NOT NULL CHECK (source IN ('CREDIT', 'FUELCARD', 'PAYG', 'APPLEPAY', 'GOOGLEPAY')),
  intent_id text REFERENCES payment_intents (id),
  fuel_card_id text,
  held integer NOT NULL DEFAULT 0,
  currency text NOT NULL,
  status text NOT NULL CHECK (status IN ('authorised', 'captured', 'released', 'debited', 'invoiced', 'failed')),
  amount_minor integer,
  captured integer NOT NULL DEFAULT 0,
  failure text,
  created_at timestamptz NOT NULL DEFAULT now(),
  settled_at timestamptz
);

-- Every change of a credit balance, once per reference ('topup:{intent}', 'session:{id}').
-- amount_minor follows users.balance_minor's sign: negative adds credit, positive spends it.
CREATE TABLE balance_movements (
  reference text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  amount_minor integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE stripe_customers (
  user_id text PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  customer_id text NOT NULL UNIQUE
);

CREATE TABLE stripe_events (
  id text PRIMARY KEY,
  type text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now()
);
