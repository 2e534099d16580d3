-- Guests (spec 000 §3, §4): a driver without an account, known by a guest code, who holds guest
-- tokens. A session belongs to a user or to a guest, never both.
CREATE TABLE guests (
  id text PRIMARY KEY,
  code text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now()
);

ALTER TABLE sessions ALTER COLUMN user_id DROP NOT NULL;
ALTER TABLE sessions ADD COLUMN guest_id text REFERENCES guests (id) ON DELETE CASCADE;
ALTER TABLE sessions ADD CONSTRAINT sessions_owner_check CHECK ((user_id IS NULL) <> (guest_id IS NULL));
ALTER TABLE sessions DROP CONSTRAINT sessions_scope_check;
ALTER TABLE sessions ADD CONSTRAINT sessions_scope_check CHECK (
  (scope = 'guest' AND guest_id IS NOT NULL) OR (scope IN ('full', 'mfa-setup') AND user_id IS NOT NULL)
);
CREATE INDEX sessions_guest_idx ON sessions (guest_id);
