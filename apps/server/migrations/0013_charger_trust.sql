-- Transaction ids are issued by the central system only (ADR 0014). A StopTransaction for an id
-- never issued used to be stored as a row of its own and moved the id sequence past it, up to its
-- maximum, after which no StartTransaction could be stored; MeterValues were stored under any id a
-- charger named, its own or not. Samples not about a transaction of their own charger keep their
-- values but lose that transaction; the invented rows go and the sequence follows what is left.
UPDATE ocpp_meter_values AS m SET transaction_id = NULL
WHERE transaction_id IS NOT NULL AND NOT EXISTS (
  SELECT 1 FROM ocpp_transactions AS t
  WHERE t.transaction_id = m.transaction_id AND t.charger_id = m.charger_id AND NOT t.start_unknown
);
DELETE FROM ocpp_transactions WHERE start_unknown;
ALTER TABLE ocpp_transactions DROP COLUMN start_unknown;
SELECT setval(pg_get_serial_sequence('ocpp_transactions', 'transaction_id'),
  coalesce(max(transaction_id), 0) + 1, false) FROM ocpp_transactions;

-- A charger without a password connects only when an operator provisioned it so on purpose.
ALTER TABLE chargers ADD COLUMN allow_no_password boolean NOT NULL DEFAULT false;

-- Every StartTransaction with a tag issued for a remote start looks for the tag's first use.
CREATE INDEX ocpp_transactions_id_tag_idx ON ocpp_transactions (upper(id_tag), transaction_id);
