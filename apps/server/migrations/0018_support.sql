-- Support staff (issue 18): a session remembers whether its sign-in passed a second factor (staff
-- calls need it) and, for a masquerade, the staff member who opened it and why.
ALTER TABLE sessions ADD COLUMN mfa_passed boolean NOT NULL DEFAULT false;
ALTER TABLE sessions ADD COLUMN masquerade_by text REFERENCES users (id);
ALTER TABLE sessions ADD COLUMN masquerade_reason text;

-- Everything staff do, and every call made with a masquerade token. Append-only: no code path
-- changes a row, and the database refuses it too.
CREATE TABLE support_audit (
  id bigserial PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  staff_id text NOT NULL,
  action text NOT NULL,
  target_kind text NOT NULL CHECK (target_kind IN ('user', 'guest', 'charger', 'session', 'none')),
  target_id text,
  reason text,
  -- What else identifies the action: the session, the amount, the connector.
  detail text,
  masquerade boolean NOT NULL DEFAULT false,
  outcome text NOT NULL DEFAULT 'done'
);
CREATE INDEX support_audit_target_idx ON support_audit (target_id, at);
CREATE INDEX support_audit_at_idx ON support_audit (at);

CREATE FUNCTION support_audit_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'support_audit is append-only';
END;
$$;
CREATE TRIGGER support_audit_no_change BEFORE UPDATE OR DELETE ON support_audit
  FOR EACH ROW EXECUTE FUNCTION support_audit_append_only();

-- Refunds of captured session payments, through the payment provider, each with its reason.
CREATE TABLE payment_refunds (
  id text PRIMARY KEY,
  session_id text NOT NULL,
  owner_id text NOT NULL,
  intent_id text,
  amount_minor integer NOT NULL CHECK (amount_minor > 0),
  currency text NOT NULL,
  reason text NOT NULL,
  staff_id text NOT NULL,
  provider_refund_id text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX payment_refunds_session_idx ON payment_refunds (session_id);

-- The helpline log (UK Public Charge Point Regulations 2023, regulation 9): every contact.
CREATE TABLE helpline_contacts (
  id text PRIMARY KEY,
  contacted_at timestamptz NOT NULL,
  staff_id text NOT NULL,
  subject_kind text NOT NULL CHECK (subject_kind IN ('user', 'guest', 'charger', 'none')),
  subject_id text,
  channel text NOT NULL CHECK (channel IN ('phone', 'email', 'chat', 'app', 'other')),
  action_taken text NOT NULL,
  resolution text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX helpline_contacts_at_idx ON helpline_contacts (contacted_at);
