-- Foundation: reference data, users, sessions (refresh-token families), one-time codes, mail outbox.

CREATE TABLE countries (
  code text PRIMARY KEY,
  name text NOT NULL,
  helpline text
);

CREATE TABLE currencies (
  id text PRIMARY KEY,
  code text NOT NULL UNIQUE,
  name text NOT NULL,
  name_plural text NOT NULL,
  symbol text NOT NULL,
  symbol_native text NOT NULL,
  decimal_digits integer NOT NULL DEFAULT 2,
  rounding double precision NOT NULL DEFAULT 0
);

CREATE TABLE languages (
  id text PRIMARY KEY,
  code text NOT NULL UNIQUE,
  language text NOT NULL,
  flag_class text NOT NULL
);

CREATE TABLE car_types (
  id text PRIMARY KEY,
  make text NOT NULL,
  model text NOT NULL,
  image text NOT NULL,
  miles_per_kwh double precision NOT NULL,
  UNIQUE (make, model)
);

CREATE TABLE settings (
  key text PRIMARY KEY,
  value text NOT NULL
);

CREATE TABLE users (
  id text PRIMARY KEY,
  email text NOT NULL UNIQUE,
  password_hash text NOT NULL,
  first_name text NOT NULL,
  last_name text NOT NULL,
  hr_code text NOT NULL UNIQUE,
  roles text[] NOT NULL DEFAULT ARRAY['driver']::text[],
  language_code text NOT NULL REFERENCES languages (code),
  currency_code text NOT NULL REFERENCES currencies (code),
  car_type_id text REFERENCES car_types (id),
  phone_number text NOT NULL DEFAULT '',
  address_line1 text NOT NULL DEFAULT '',
  address_line2 text NOT NULL DEFAULT '',
  address_city text NOT NULL DEFAULT '',
  address_postcode text NOT NULL DEFAULT '',
  country_code text NOT NULL REFERENCES countries (code),
  email_prefs jsonb NOT NULL,
  balance_minor integer NOT NULL DEFAULT 0,
  mfa_required boolean NOT NULL DEFAULT false,
  accepted_terms_at timestamptz,
  accepted_privacy_at timestamptz,
  confirmed_at timestamptz,
  deleted_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- A method is usable once verified_at is set; until then it is a pending setup.
CREATE TABLE mfa_methods (
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  method text NOT NULL CHECK (method IN ('email', 'phone', 'app')),
  is_default boolean NOT NULL DEFAULT false,
  destination text,
  totp_secret text,
  totp_last_step bigint,
  verified_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, method)
);

-- E-mailed and texted 6-digit codes, stored as keyed hashes.
CREATE TABLE mfa_codes (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('login', 'setup')),
  method text NOT NULL CHECK (method IN ('email', 'phone')),
  code_hash text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX mfa_codes_user_idx ON mfa_codes (user_id, purpose, method, created_at);

-- Links sent by mail: registration confirmation and password reset.
CREATE TABLE user_tokens (
  token_hash text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('registration', 'password-reset')),
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX user_tokens_user_idx ON user_tokens (user_id, kind);

-- A session is one refresh-token family: every rotation stays in it, a reuse revokes it.
CREATE TABLE sessions (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  scope text NOT NULL CHECK (scope IN ('full', 'mfa-setup')),
  device_uuid text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz,
  revoked_reason text
);
CREATE INDEX sessions_user_idx ON sessions (user_id);

CREATE TABLE refresh_tokens (
  token_hash text PRIMARY KEY,
  session_id text NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX refresh_tokens_session_idx ON refresh_tokens (session_id);

CREATE TABLE outbox (
  seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('email', 'sms')),
  recipient text NOT NULL,
  subject text NOT NULL,
  text_body text NOT NULL,
  html_body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX outbox_recipient_idx ON outbox (recipient, seq);
