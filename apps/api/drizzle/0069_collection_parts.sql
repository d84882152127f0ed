CREATE TABLE "invoice_payment_parts" (
	"firm_id" uuid NOT NULL,
	"payment_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"matter_id" uuid,
	"currency_code" text NOT NULL,
	"payment_date" date NOT NULL,
	"fee_earner_id" uuid,
	"fee_earner_name" text,
	"part" numeric(16, 2) NOT NULL,
	CONSTRAINT "invoice_payment_parts_key" UNIQUE NULLS NOT DISTINCT("payment_id","fee_earner_id")
);
--> statement-breakpoint
ALTER TABLE "invoice_payment_parts" ADD CONSTRAINT "invoice_payment_parts_payment_fk" FOREIGN KEY ("firm_id","payment_id") REFERENCES "public"."invoice_payments"("firm_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_payment_parts_firm_date_idx" ON "invoice_payment_parts" USING btree ("firm_id","payment_date");--> statement-breakpoint
-- Issue 37's collections report (ADR 0056): a year of parts summed from the index alone.
DROP INDEX invoice_payment_parts_firm_date_idx;--> statement-breakpoint
CREATE INDEX invoice_payment_parts_firm_date_idx ON invoice_payment_parts (firm_id, payment_date)
  INCLUDE (client_id, matter_id, currency_code, fee_earner_id, part, payment_id);--> statement-breakpoint
-- The parts of the payments a statement inserted (ADR 0056). A payment's invoice total is split into
-- shares: each fee earner's fee and flat-fee lines less their part of the discount, and the rest —
-- expense lines (and fee lines without a fee earner) less their part of the discount, plus the tax —
-- unallocated. Weights in cents², so every share is an integer: fee earner = lines × (subtotal −
-- discount), unallocated = other lines × (subtotal − discount) + tax × subtotal; they add up to
-- subtotal × total. A payment of P cents gives each share ⌊P × weight ÷ Σ weights⌋ cents, and the
-- cents left over go one each to the largest remainders (ties: by fee earner id, unallocated last);
-- an invoice of nothing (no weight at all) leaves the whole payment unallocated. A reversal takes
-- its payment's parts, negated, on its own date. The payment's currency is its invoice's (else the
-- firm's home currency, else NGN, as its journal entry), its matter the one its receivable is booked
-- to (null: the invoice covers several). Runs as the caller (the app role, in the payment's firm).
-- Each payment's parts are worked out beside it (a lateral subquery per payment, its invoice's lines by index), so a
-- statement of many payments costs each its own, whatever the planner guesses of a transition table.
CREATE FUNCTION invoice_payment_parts_statements() RETURNS text[]
LANGUAGE sql IMMUTABLE AS $$ SELECT ARRAY['
  INSERT INTO invoice_payment_parts (firm_id, payment_id, invoice_id, client_id, matter_id, currency_code, payment_date,
    fee_earner_id, fee_earner_name, part)
  SELECT payment.firm_id, payment.id, payment.invoice_id, invoice.client_id,
    (SELECT CASE WHEN count(*) = 1 THEN min(covered.matter_id::text)::uuid END FROM invoice_matters covered
      WHERE covered.firm_id = invoice.firm_id AND covered.invoice_id = invoice.id),
    coalesce((SELECT money.iso_code FROM currencies money WHERE money.id = coalesce(invoice.currency_id,
      (SELECT home.home_currency_id FROM firms home WHERE home.id = invoice.firm_id))), ''NGN''),
    payment.payment_date, part.fee_earner_id, part.fee_earner_name, part.part
  FROM new_payments payment
  JOIN invoices invoice ON invoice.firm_id = payment.firm_id AND invoice.id = payment.invoice_id
  CROSS JOIN LATERAL (
    SELECT ranked.fee_earner_id, ranked.fee_earner_name,
      ((ranked.base + CASE WHEN ranked.place <= ranked.leftover THEN 1 ELSE 0 END) / 100)::numeric(16, 2) AS part
    FROM (
      SELECT floored.*, payment.amount * 100 - sum(floored.base) OVER () AS leftover,
        row_number() OVER (ORDER BY floored.remainder DESC, floored.fee_earner_id NULLS LAST) AS place
      FROM (
        SELECT fair.fee_earner_id, fair.fee_earner_name,
          div(payment.amount * 100 * fair.weight, fair.total_weight) AS base, mod(payment.amount * 100 * fair.weight, fair.total_weight) AS remainder
        FROM (
          SELECT sized.fee_earner_id, sized.fee_earner_name,
            CASE WHEN sized.total_weight = 0 THEN (sized.fee_earner_id IS NULL)::int::numeric ELSE sized.weight END AS weight,
            CASE WHEN sized.total_weight = 0 THEN 1::numeric ELSE sized.total_weight END AS total_weight
          FROM (
            SELECT share.*, sum(share.weight) OVER () AS total_weight
            FROM (
              SELECT fee.fee_earner_id, fee.fee_earner_name, fee.cents * (invoice.subtotal - invoice.discount_amount) * 100 AS weight
              FROM (
                SELECT line.fee_earner_id, min(line.fee_earner_name) AS fee_earner_name, sum(line.amount) * 100 AS cents
                FROM invoice_lines line
                WHERE line.firm_id = invoice.firm_id AND line.invoice_id = invoice.id
                  AND line.item_type IN (''fee'', ''flatFee'') AND line.fee_earner_id IS NOT NULL
                GROUP BY line.fee_earner_id) fee
              UNION ALL
              SELECT NULL, NULL,
                (invoice.subtotal * 100 - coalesce((SELECT sum(line.amount) * 100 FROM invoice_lines line
                  WHERE line.firm_id = invoice.firm_id AND line.invoice_id = invoice.id
                    AND line.item_type IN (''fee'', ''flatFee'') AND line.fee_earner_id IS NOT NULL), 0))
                  * (invoice.subtotal - invoice.discount_amount) * 100 + invoice.tax_amount * invoice.subtotal * 10000
            ) share
          ) sized
        ) fair
      ) floored
    ) ranked
    WHERE ranked.base > 0 OR ranked.place <= ranked.leftover
  ) part
  WHERE payment.reverses_payment_id IS NULL', '
  INSERT INTO invoice_payment_parts (firm_id, payment_id, invoice_id, client_id, matter_id, currency_code, payment_date,
    fee_earner_id, fee_earner_name, part)
  SELECT reversal.firm_id, reversal.id, part.invoice_id, part.client_id, part.matter_id, part.currency_code, reversal.payment_date,
    part.fee_earner_id, part.fee_earner_name, -part.part
  FROM new_payments reversal
  JOIN invoice_payment_parts part ON part.firm_id = reversal.firm_id AND part.payment_id = reversal.reverses_payment_id
  WHERE reversal.reverses_payment_id IS NOT NULL'] $$;--> statement-breakpoint
CREATE FUNCTION invoice_payment_parts_apply() RETURNS trigger
LANGUAGE plpgsql SET search_path = pg_catalog, public AS $$
DECLARE
  v_statement text;
BEGIN
  FOREACH v_statement IN ARRAY invoice_payment_parts_statements() LOOP
    EXECUTE v_statement;
  END LOOP;
  RETURN NULL;
END;
$$;--> statement-breakpoint
REVOKE EXECUTE ON FUNCTION invoice_payment_parts_apply() FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION invoice_payment_parts_apply() TO matterhorn_app;--> statement-breakpoint
-- The parts of the payments so far (the same statements over a table of them by the transition
-- table's name). The owner reads every firm only while the forced row security is lifted (as 0063).
ALTER TABLE firms NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE invoices NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE invoice_lines NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE invoice_matters NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE invoice_payments NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
DO $$
DECLARE
  v_statement text;
BEGIN
  CREATE TEMPORARY TABLE new_payments ON COMMIT DROP AS SELECT * FROM invoice_payments;
  FOREACH v_statement IN ARRAY invoice_payment_parts_statements() LOOP
    EXECUTE v_statement;
  END LOOP;
  DROP TABLE new_payments;
END;
$$;--> statement-breakpoint
ALTER TABLE firms FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE invoices FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE invoice_lines FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE invoice_matters FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE invoice_payments FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TRIGGER invoice_payments_parts AFTER INSERT ON invoice_payments
  REFERENCING NEW TABLE AS new_payments FOR EACH STATEMENT EXECUTE FUNCTION invoice_payment_parts_apply();--> statement-breakpoint
-- Written only by the trigger above, in the payment's firm, and never changed (as the payments).
REVOKE UPDATE, DELETE ON invoice_payment_parts FROM matterhorn_app;--> statement-breakpoint
GRANT SELECT, INSERT ON invoice_payment_parts TO matterhorn_app;--> statement-breakpoint
ALTER TABLE invoice_payment_parts ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE invoice_payment_parts FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY firm_isolation ON invoice_payment_parts TO matterhorn_app
  USING (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid)
  WITH CHECK (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid);
