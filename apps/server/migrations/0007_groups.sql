-- User groups (affiliations): an operator's group with a code drivers join by, its members, and
-- the group's own tariff at chargers the operator names.

-- group_code is kept upper case (the contract normalises it), so uniqueness ignores case.
CREATE TABLE user_groups (
  id text PRIMARY KEY,
  name text NOT NULL,
  group_code text NOT NULL UNIQUE,
  operator_id text REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- user_code is the member's own code in the group (optional).
CREATE TABLE user_group_members (
  group_id text NOT NULL REFERENCES user_groups (id) ON DELETE CASCADE,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  user_code text,
  joined_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (group_id, user_id)
);
CREATE INDEX user_group_members_user_idx ON user_group_members (user_id);

-- standard_rate is kept beside the tariff so the cheapest of several group tariffs is one ORDER BY.
CREATE TABLE user_group_tariffs (
  group_id text NOT NULL REFERENCES user_groups (id) ON DELETE CASCADE,
  charger_id text NOT NULL REFERENCES chargers (id) ON DELETE CASCADE,
  tariff jsonb NOT NULL,
  standard_rate double precision NOT NULL,
  PRIMARY KEY (group_id, charger_id)
);
CREATE INDEX user_group_tariffs_charger_idx ON user_group_tariffs (charger_id);
