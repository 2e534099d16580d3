-- Energy suppliers and their plans (issue 16, spec 001 §5): what the home tariff wizard's supplier
-- and plan pickers list. Rates are pence per kWh (as a home tariff keeps them); a plan's night
-- rate, when it has one, applies from night_start to night_end, local time (HH:mm, across
-- midnight when the end is not after the start). "not listed" and "Other" are the app's, not rows.
CREATE TABLE energy_suppliers (
  id text PRIMARY KEY,
  name text NOT NULL UNIQUE,
  position integer NOT NULL
);

CREATE TABLE energy_plans (
  id text PRIMARY KEY,
  supplier_id text NOT NULL REFERENCES energy_suppliers (id) ON DELETE CASCADE,
  name text NOT NULL,
  day_rate_pence double precision NOT NULL,
  night_rate_pence double precision,
  night_start text,
  night_end text,
  position integer NOT NULL,
  UNIQUE (supplier_id, name),
  CHECK ((night_rate_pence IS NULL) = (night_start IS NULL)
    AND (night_start IS NULL) = (night_end IS NULL))
);
CREATE INDEX energy_plans_supplier_idx ON energy_plans (supplier_id, position);

-- A starting list of UK suppliers and their EV tariffs as of early 2026, at plausible figures
-- (unit rates vary by region and change with the price cap): the operator keeps it up to date
-- with `npm run charger -- suppliers --file suppliers.json` (PUT /operator/energy/suppliers).
-- OVO's Charge Anytime prices the car's smart-charged energy at its low rate whenever it charges;
-- here it reads as its usual overnight hours.
INSERT INTO energy_suppliers (id, name, position) VALUES
  ('supplier-octopus', 'Octopus Energy', 1),
  ('supplier-edf', 'EDF', 2),
  ('supplier-british-gas', 'British Gas', 3),
  ('supplier-ovo', 'OVO', 4),
  ('supplier-eon-next', 'E.ON Next', 5),
  ('supplier-scottish-power', 'Scottish Power', 6);

INSERT INTO energy_plans
  (id, supplier_id, name, day_rate_pence, night_rate_pence, night_start, night_end, position)
VALUES
  ('plan-octopus-intelligent-go', 'supplier-octopus', 'Intelligent Octopus Go', 26.5, 7, '23:30', '05:30', 1),
  ('plan-octopus-go', 'supplier-octopus', 'Octopus Go', 26.5, 8.5, '00:30', '05:30', 2),
  ('plan-octopus-flexible', 'supplier-octopus', 'Flexible Octopus', 25.5, NULL, NULL, NULL, 3),
  ('plan-edf-goelectric-overnight', 'supplier-edf', 'GoElectric Overnight', 27.2, 8, '00:00', '05:00', 1),
  ('plan-edf-standard', 'supplier-edf', 'Standard Variable', 26.4, NULL, NULL, NULL, 2),
  ('plan-british-gas-electric-driver', 'supplier-british-gas', 'Electric Driver', 27.5, 9, '00:00', '05:00', 1),
  ('plan-british-gas-standard', 'supplier-british-gas', 'Standard Variable', 26.4, NULL, NULL, NULL, 2),
  ('plan-ovo-charge-anytime', 'supplier-ovo', 'Charge Anytime', 26, 7, '00:00', '05:00', 1),
  ('plan-ovo-standard', 'supplier-ovo', 'Simpler Energy', 26.4, NULL, NULL, NULL, 2),
  ('plan-eon-next-drive', 'supplier-eon-next', 'Next Drive', 27.3, 8.5, '00:00', '07:00', 1),
  ('plan-eon-next-flex', 'supplier-eon-next', 'Next Flex', 26.4, NULL, NULL, NULL, 2),
  ('plan-scottish-power-ev-saver', 'supplier-scottish-power', 'EV Saver', 26.8, 9.5, '00:00', '05:00', 1),
  ('plan-scottish-power-standard', 'supplier-scottish-power', 'Standard Variable', 26.4, NULL, NULL, NULL, 2);
