-- Node presence (ADR 0031): every node of a deployment holds a lease here, renewed every few
-- seconds; a node whose lease ran out is dead to the others. One row per incarnation: a node
-- whose lease lapsed (a freeze, a partition) comes back under a new id.
CREATE TABLE nodes (
  id text PRIMARY KEY,
  host text NOT NULL,
  pid integer NOT NULL,
  started_at timestamptz NOT NULL DEFAULT now(),
  renewed_at timestamptz NOT NULL DEFAULT now(),
  -- renewed_at + the node's NODE_TIMEOUT: past it, the node is dead to the others.
  expires_at timestamptz NOT NULL
);
-- Which node holds a charger's socket, and which connection it is (owner_epoch grows with every
-- connection, on any node): the latest connection owns the charger. Null while it is offline.
ALTER TABLE chargers ADD COLUMN owner_node text;
ALTER TABLE chargers ADD COLUMN owner_epoch bigint;
CREATE SEQUENCE charger_owner_epochs;
CREATE INDEX chargers_owner_node ON chargers (owner_node) WHERE owner_node IS NOT NULL;
