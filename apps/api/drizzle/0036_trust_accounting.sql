CREATE TABLE "trust_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"name" text NOT NULL,
	"bank_name" text NOT NULL,
	"account_number_last4" text NOT NULL,
	"currency_code" text NOT NULL,
	"payment_instructions" text DEFAULT '' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"balance" numeric(16, 2) DEFAULT '0' NOT NULL,
	"cleared_balance" numeric(16, 2) DEFAULT '0' NOT NULL,
	"created_by_user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trust_accounts_firm_id_key" UNIQUE("firm_id","id"),
	CONSTRAINT "trust_accounts_firm_name_key" UNIQUE("firm_id","name"),
	CONSTRAINT "trust_accounts_balance_check" CHECK ("trust_accounts"."balance" >= 0),
	CONSTRAINT "trust_accounts_cleared_balance_check" CHECK ("trust_accounts"."cleared_balance" >= 0 and "trust_accounts"."cleared_balance" <= "trust_accounts"."balance"),
	CONSTRAINT "trust_accounts_last4_check" CHECK ("trust_accounts"."account_number_last4" ~ '^[0-9A-Za-z]{1,4}$')
);
--> statement-breakpoint
CREATE TABLE "trust_bank_statements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"trust_account_id" uuid NOT NULL,
	"statement_date" date NOT NULL,
	"closing_balance" numeric(16, 2) NOT NULL,
	"file_name" text,
	"imported_by_user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trust_bank_statements_firm_id_key" UNIQUE("firm_id","id")
);
--> statement-breakpoint
CREATE TABLE "trust_deposit_clearances" (
	"transaction_id" uuid PRIMARY KEY NOT NULL,
	"firm_id" uuid NOT NULL,
	"cleared_date" date NOT NULL,
	"created_by_user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trust_ledgers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"trust_account_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"matter_id" uuid,
	"balance" numeric(16, 2) DEFAULT '0' NOT NULL,
	"cleared_balance" numeric(16, 2) DEFAULT '0' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trust_ledgers_account_client_matter_key" UNIQUE NULLS NOT DISTINCT("trust_account_id","client_id","matter_id"),
	CONSTRAINT "trust_ledgers_balance_check" CHECK ("trust_ledgers"."balance" >= 0),
	CONSTRAINT "trust_ledgers_cleared_balance_check" CHECK ("trust_ledgers"."cleared_balance" >= 0 and "trust_ledgers"."cleared_balance" <= "trust_ledgers"."balance")
);
--> statement-breakpoint
CREATE TABLE "trust_matter_minimums" (
	"firm_id" uuid NOT NULL,
	"matter_id" uuid NOT NULL,
	"minimum_balance" numeric(16, 2) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trust_matter_minimums_firm_id_matter_id_pk" PRIMARY KEY("firm_id","matter_id"),
	CONSTRAINT "trust_matter_minimums_check" CHECK ("trust_matter_minimums"."minimum_balance" > 0)
);
--> statement-breakpoint
CREATE TABLE "trust_movement_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"trust_account_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"matter_id" uuid,
	"amount" numeric(16, 2) NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'AwaitingApproval' NOT NULL,
	"requested_by_user_id" uuid NOT NULL,
	"decided_by_user_id" uuid,
	"decided_at" timestamp with time zone,
	"decision_reason" text,
	"transaction_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trust_movement_requests_firm_id_key" UNIQUE("firm_id","id"),
	CONSTRAINT "trust_movement_requests_amount_check" CHECK ("trust_movement_requests"."amount" > 0),
	CONSTRAINT "trust_movement_requests_two_people_check" CHECK ("trust_movement_requests"."decided_by_user_id" is null or "trust_movement_requests"."decided_by_user_id" <> "trust_movement_requests"."requested_by_user_id")
);
--> statement-breakpoint
CREATE TABLE "trust_reconciliations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"trust_account_id" uuid NOT NULL,
	"period_end" date NOT NULL,
	"ledger_balance" numeric(16, 2) NOT NULL,
	"client_ledgers_total" numeric(16, 2) NOT NULL,
	"bank_balance" numeric(16, 2) NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"signed_off_by_user_id" uuid NOT NULL,
	"signed_off_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trust_reconciliations_account_period_key" UNIQUE("trust_account_id","period_end")
);
--> statement-breakpoint
CREATE TABLE "trust_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"request_number" text NOT NULL,
	"trust_account_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"matter_id" uuid,
	"amount" numeric(16, 2) NOT NULL,
	"paid_amount" numeric(16, 2) DEFAULT '0' NOT NULL,
	"due_date" date NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'Draft' NOT NULL,
	"is_top_up" boolean DEFAULT false NOT NULL,
	"assigned_user_id" uuid,
	"slug_hash" text,
	"sent_to_email" text,
	"sent_at" timestamp with time zone,
	"approved_by_user_id" uuid,
	"cancel_reason" text,
	"created_by_user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trust_requests_firm_id_key" UNIQUE("firm_id","id"),
	CONSTRAINT "trust_requests_firm_number_key" UNIQUE("firm_id","request_number"),
	CONSTRAINT "trust_requests_amount_check" CHECK ("trust_requests"."amount" > 0 and "trust_requests"."paid_amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "trust_settings" (
	"firm_id" uuid PRIMARY KEY NOT NULL,
	"approval_threshold" numeric(16, 2),
	"require_request_approval" boolean DEFAULT false NOT NULL,
	"cash_review_threshold" numeric(16, 2),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trust_statement_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"statement_id" uuid NOT NULL,
	"trust_account_id" uuid NOT NULL,
	"line_date" date NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"amount" numeric(16, 2) NOT NULL,
	"balance" numeric(16, 2),
	"matched_transaction_id" uuid,
	"matched_by_user_id" uuid,
	"match_kind" text,
	"matched_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "trust_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"sequence_number" integer NOT NULL,
	"trust_account_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"matter_id" uuid,
	"type" text NOT NULL,
	"direction" text NOT NULL,
	"amount" numeric(16, 2) NOT NULL,
	"transaction_date" date NOT NULL,
	"method" text,
	"reference" text,
	"counterparty" text,
	"purpose" text,
	"is_cleared" boolean DEFAULT true NOT NULL,
	"trust_request_id" uuid,
	"invoice_id" uuid,
	"invoice_payment_id" uuid,
	"transfer_id" uuid,
	"reverses_transaction_id" uuid,
	"reason" text,
	"consent_note" text,
	"journal_entry_id" uuid NOT NULL,
	"movement_request_id" uuid,
	"created_by_user_id" uuid NOT NULL,
	"approved_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trust_transactions_firm_id_key" UNIQUE("firm_id","id"),
	CONSTRAINT "trust_transactions_firm_sequence_key" UNIQUE("firm_id","sequence_number"),
	CONSTRAINT "trust_transactions_reverses_key" UNIQUE("reverses_transaction_id"),
	CONSTRAINT "trust_transactions_amount_check" CHECK ("trust_transactions"."amount" > 0),
	CONSTRAINT "trust_transactions_direction_check" CHECK (("trust_transactions"."type" in ('deposit', 'transfer-in') and "trust_transactions"."direction" = 'in')
        or ("trust_transactions"."type" in ('disbursement', 'invoice-payment', 'refund', 'transfer-out') and "trust_transactions"."direction" = 'out')
        or ("trust_transactions"."type" = 'reversal' and "trust_transactions"."reverses_transaction_id" is not null)),
	CONSTRAINT "trust_transactions_cleared_check" CHECK ("trust_transactions"."is_cleared" or "trust_transactions"."type" = 'deposit' or "trust_transactions"."type" = 'reversal')
);
--> statement-breakpoint
ALTER TABLE "journal_lines" ADD COLUMN "trust_account_id" uuid;--> statement-breakpoint
ALTER TABLE "trust_accounts" ADD CONSTRAINT "trust_accounts_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trust_accounts" ADD CONSTRAINT "trust_accounts_created_by_fk" FOREIGN KEY ("firm_id","created_by_user_id") REFERENCES "public"."users"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trust_bank_statements" ADD CONSTRAINT "trust_bank_statements_account_fk" FOREIGN KEY ("firm_id","trust_account_id") REFERENCES "public"."trust_accounts"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trust_deposit_clearances" ADD CONSTRAINT "trust_deposit_clearances_transaction_fk" FOREIGN KEY ("firm_id","transaction_id") REFERENCES "public"."trust_transactions"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trust_ledgers" ADD CONSTRAINT "trust_ledgers_account_fk" FOREIGN KEY ("firm_id","trust_account_id") REFERENCES "public"."trust_accounts"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trust_ledgers" ADD CONSTRAINT "trust_ledgers_client_fk" FOREIGN KEY ("firm_id","client_id") REFERENCES "public"."clients"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trust_ledgers" ADD CONSTRAINT "trust_ledgers_matter_fk" FOREIGN KEY ("firm_id","matter_id") REFERENCES "public"."matters"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trust_matter_minimums" ADD CONSTRAINT "trust_matter_minimums_matter_fk" FOREIGN KEY ("firm_id","matter_id") REFERENCES "public"."matters"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trust_movement_requests" ADD CONSTRAINT "trust_movement_requests_account_fk" FOREIGN KEY ("firm_id","trust_account_id") REFERENCES "public"."trust_accounts"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trust_movement_requests" ADD CONSTRAINT "trust_movement_requests_client_fk" FOREIGN KEY ("firm_id","client_id") REFERENCES "public"."clients"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trust_movement_requests" ADD CONSTRAINT "trust_movement_requests_requested_by_fk" FOREIGN KEY ("firm_id","requested_by_user_id") REFERENCES "public"."users"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trust_reconciliations" ADD CONSTRAINT "trust_reconciliations_account_fk" FOREIGN KEY ("firm_id","trust_account_id") REFERENCES "public"."trust_accounts"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trust_requests" ADD CONSTRAINT "trust_requests_account_fk" FOREIGN KEY ("firm_id","trust_account_id") REFERENCES "public"."trust_accounts"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trust_requests" ADD CONSTRAINT "trust_requests_client_fk" FOREIGN KEY ("firm_id","client_id") REFERENCES "public"."clients"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trust_requests" ADD CONSTRAINT "trust_requests_matter_fk" FOREIGN KEY ("firm_id","matter_id") REFERENCES "public"."matters"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trust_requests" ADD CONSTRAINT "trust_requests_created_by_fk" FOREIGN KEY ("firm_id","created_by_user_id") REFERENCES "public"."users"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trust_settings" ADD CONSTRAINT "trust_settings_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trust_statement_lines" ADD CONSTRAINT "trust_statement_lines_statement_fk" FOREIGN KEY ("firm_id","statement_id") REFERENCES "public"."trust_bank_statements"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trust_statement_lines" ADD CONSTRAINT "trust_statement_lines_transaction_fk" FOREIGN KEY ("firm_id","matched_transaction_id") REFERENCES "public"."trust_transactions"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trust_transactions" ADD CONSTRAINT "trust_transactions_account_fk" FOREIGN KEY ("firm_id","trust_account_id") REFERENCES "public"."trust_accounts"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trust_transactions" ADD CONSTRAINT "trust_transactions_client_fk" FOREIGN KEY ("firm_id","client_id") REFERENCES "public"."clients"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trust_transactions" ADD CONSTRAINT "trust_transactions_matter_fk" FOREIGN KEY ("firm_id","matter_id") REFERENCES "public"."matters"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trust_transactions" ADD CONSTRAINT "trust_transactions_invoice_fk" FOREIGN KEY ("firm_id","invoice_id") REFERENCES "public"."invoices"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trust_transactions" ADD CONSTRAINT "trust_transactions_reverses_fk" FOREIGN KEY ("firm_id","reverses_transaction_id") REFERENCES "public"."trust_transactions"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trust_transactions" ADD CONSTRAINT "trust_transactions_created_by_fk" FOREIGN KEY ("firm_id","created_by_user_id") REFERENCES "public"."users"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trust_bank_statements_account_idx" ON "trust_bank_statements" USING btree ("firm_id","trust_account_id","statement_date" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "trust_ledgers_firm_client_idx" ON "trust_ledgers" USING btree ("firm_id","client_id");--> statement-breakpoint
CREATE INDEX "trust_ledgers_firm_matter_idx" ON "trust_ledgers" USING btree ("firm_id","matter_id");--> statement-breakpoint
CREATE INDEX "trust_movement_requests_status_idx" ON "trust_movement_requests" USING btree ("firm_id","status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "trust_requests_slug_hash_key" ON "trust_requests" USING btree ("slug_hash");--> statement-breakpoint
CREATE INDEX "trust_requests_firm_status_idx" ON "trust_requests" USING btree ("firm_id","status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "trust_requests_firm_client_idx" ON "trust_requests" USING btree ("firm_id","client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "trust_statement_lines_matched_key" ON "trust_statement_lines" USING btree ("matched_transaction_id");--> statement-breakpoint
CREATE INDEX "trust_statement_lines_account_idx" ON "trust_statement_lines" USING btree ("firm_id","trust_account_id","line_date");--> statement-breakpoint
CREATE INDEX "trust_transactions_account_idx" ON "trust_transactions" USING btree ("firm_id","trust_account_id","transaction_date" DESC NULLS LAST,"sequence_number" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "trust_transactions_client_idx" ON "trust_transactions" USING btree ("firm_id","client_id","transaction_date" DESC NULLS LAST,"sequence_number" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "trust_transactions_matter_idx" ON "trust_transactions" USING btree ("firm_id","matter_id","transaction_date" DESC NULLS LAST,"sequence_number" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "trust_transactions_request_idx" ON "trust_transactions" USING btree ("firm_id","trust_request_id") WHERE "trust_transactions"."trust_request_id" is not null;--> statement-breakpoint
CREATE INDEX "trust_transactions_invoice_idx" ON "trust_transactions" USING btree ("firm_id","invoice_id") WHERE "trust_transactions"."invoice_id" is not null;--> statement-breakpoint
CREATE INDEX "audit_events_entity_idx" ON "audit_events" USING btree ("firm_id","entity_id");--> statement-breakpoint
CREATE INDEX "journal_lines_firm_account_trust_idx" ON "journal_lines" USING btree ("firm_id","account_id","trust_account_id") WHERE "journal_lines"."trust_account_id" is not null;--> statement-breakpoint
ALTER TABLE "journal_lines" ADD CONSTRAINT "journal_lines_firm_trust_account_fk" FOREIGN KEY ("firm_id","trust_account_id") REFERENCES "public"."trust_accounts"("firm_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
-- Balances move only here, in the inserting transaction: each movement adds to (or takes from) its client
-- ledger and its trust bank account, and their CHECKs (never below zero; cleared never above the balance)
-- refuse an overdraft whatever inserted the row. Row locks on the ledger and account serialise concurrent
-- movements, so no race can take two payments from the same funds. SECURITY DEFINER: the app role may not
-- write balances itself.
CREATE FUNCTION trust_apply_movement() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public AS $$
DECLARE
  v_delta numeric;
  v_cleared numeric;
  v_original trust_transactions%ROWTYPE;
  v_locked_until date;
BEGIN
  SELECT max(period_end) INTO v_locked_until FROM trust_reconciliations
   WHERE trust_account_id = NEW.trust_account_id AND firm_id = NEW.firm_id;
  IF v_locked_until IS NOT NULL AND NEW.transaction_date <= v_locked_until THEN
    RAISE EXCEPTION 'Trust movements dated on or before % are in a signed-off reconciliation', v_locked_until
      USING ERRCODE = 'check_violation', CONSTRAINT = 'trust_period_locked';
  END IF;
  v_delta := CASE WHEN NEW.direction = 'in' THEN NEW.amount ELSE -NEW.amount END;
  IF NEW.type = 'reversal' THEN
    SELECT * INTO v_original FROM trust_transactions
     WHERE id = NEW.reverses_transaction_id AND firm_id = NEW.firm_id;
    IF NOT FOUND OR v_original.type = 'reversal' OR v_original.trust_account_id <> NEW.trust_account_id
       OR v_original.client_id <> NEW.client_id OR v_original.matter_id IS DISTINCT FROM NEW.matter_id
       OR v_original.amount <> NEW.amount OR v_original.direction = NEW.direction THEN
      RAISE EXCEPTION 'A reversal must mirror the trust movement it reverses'
        USING ERRCODE = 'check_violation', CONSTRAINT = 'trust_reversal_mirror';
    END IF;
    -- Reversing a deposit whose funds never cleared takes nothing from the cleared funds.
    IF v_original.type = 'deposit' AND NOT v_original.is_cleared
       AND NOT EXISTS (SELECT 1 FROM trust_deposit_clearances WHERE transaction_id = v_original.id) THEN
      v_cleared := 0;
    ELSE
      v_cleared := v_delta;
    END IF;
  ELSIF NEW.type = 'deposit' AND NOT NEW.is_cleared THEN
    v_cleared := 0;
  ELSE
    v_cleared := v_delta;
  END IF;
  IF v_delta >= 0 AND v_cleared >= 0 THEN
    -- Money in opens the ledger when it is the first.
    INSERT INTO trust_ledgers AS ledger (firm_id, trust_account_id, client_id, matter_id, balance, cleared_balance)
    VALUES (NEW.firm_id, NEW.trust_account_id, NEW.client_id, NEW.matter_id, v_delta, v_cleared)
    ON CONFLICT (trust_account_id, client_id, matter_id) DO UPDATE
      SET balance = ledger.balance + EXCLUDED.balance,
          cleared_balance = ledger.cleared_balance + EXCLUDED.cleared_balance,
          updated_at = now();
  ELSE
    -- Money out of a ledger that was never opened would take it below zero.
    UPDATE trust_ledgers SET balance = balance + v_delta, cleared_balance = cleared_balance + v_cleared, updated_at = now()
     WHERE firm_id = NEW.firm_id AND trust_account_id = NEW.trust_account_id AND client_id = NEW.client_id
       AND matter_id IS NOT DISTINCT FROM NEW.matter_id;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'Insufficient trust funds: the ledger holds nothing'
        USING ERRCODE = 'check_violation', CONSTRAINT = 'trust_ledgers_balance_check';
    END IF;
  END IF;
  UPDATE trust_accounts
     SET balance = balance + v_delta, cleared_balance = cleared_balance + v_cleared
   WHERE id = NEW.trust_account_id AND firm_id = NEW.firm_id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER trust_transactions_apply AFTER INSERT ON trust_transactions
  FOR EACH ROW EXECUTE FUNCTION trust_apply_movement();
--> statement-breakpoint
CREATE FUNCTION trust_apply_clearance() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public AS $$
DECLARE
  v_deposit trust_transactions%ROWTYPE;
BEGIN
  SELECT * INTO v_deposit FROM trust_transactions WHERE id = NEW.transaction_id AND firm_id = NEW.firm_id;
  IF NOT FOUND OR v_deposit.type <> 'deposit' OR v_deposit.is_cleared
     OR EXISTS (SELECT 1 FROM trust_transactions WHERE reverses_transaction_id = v_deposit.id) THEN
    RAISE EXCEPTION 'Only an uncleared deposit that has not been reversed can be cleared'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'trust_clearance_deposit';
  END IF;
  IF NEW.cleared_date < v_deposit.transaction_date THEN
    RAISE EXCEPTION 'A deposit cannot clear before it was received'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'trust_clearance_date';
  END IF;
  UPDATE trust_ledgers SET cleared_balance = cleared_balance + v_deposit.amount, updated_at = now()
   WHERE trust_account_id = v_deposit.trust_account_id AND client_id = v_deposit.client_id
     AND matter_id IS NOT DISTINCT FROM v_deposit.matter_id;
  UPDATE trust_accounts SET cleared_balance = cleared_balance + v_deposit.amount
   WHERE id = v_deposit.trust_account_id AND firm_id = v_deposit.firm_id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER trust_deposit_clearances_apply AFTER INSERT ON trust_deposit_clearances
  FOR EACH ROW EXECUTE FUNCTION trust_apply_clearance();
--> statement-breakpoint
-- Trust records are never edited or deleted, not even by the owner: a mistake is reversed by a new entry.
CREATE FUNCTION trust_refuse_change() RETURNS trigger
LANGUAGE plpgsql SET search_path = pg_catalog, public AS $$
BEGIN
  RAISE EXCEPTION 'Trust records cannot be changed or deleted; record a reversal'
    USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER trust_transactions_immutable BEFORE UPDATE OR DELETE ON trust_transactions
  FOR EACH ROW EXECUTE FUNCTION trust_refuse_change();
--> statement-breakpoint
CREATE TRIGGER trust_transactions_no_truncate BEFORE TRUNCATE ON trust_transactions
  FOR EACH STATEMENT EXECUTE FUNCTION trust_refuse_change();
--> statement-breakpoint
CREATE TRIGGER trust_deposit_clearances_immutable BEFORE UPDATE OR DELETE ON trust_deposit_clearances
  FOR EACH ROW EXECUTE FUNCTION trust_refuse_change();
--> statement-breakpoint
CREATE TRIGGER trust_reconciliations_immutable BEFORE UPDATE OR DELETE ON trust_reconciliations
  FOR EACH ROW EXECUTE FUNCTION trust_refuse_change();
--> statement-breakpoint
CREATE TRIGGER trust_ledgers_no_delete BEFORE DELETE ON trust_ledgers
  FOR EACH ROW EXECUTE FUNCTION trust_refuse_change();
--> statement-breakpoint
REVOKE EXECUTE ON FUNCTION trust_apply_movement() FROM PUBLIC;
--> statement-breakpoint
REVOKE EXECUTE ON FUNCTION trust_apply_clearance() FROM PUBLIC;
--> statement-breakpoint
-- The default privileges of migration 0001 gave the app role every privilege: take them back, then grant
-- what each table needs. Balances are read-only to the app (the triggers above write them).
REVOKE ALL ON trust_accounts, trust_ledgers, trust_transactions, trust_deposit_clearances, trust_settings,
  trust_matter_minimums, trust_movement_requests, trust_requests, trust_bank_statements, trust_statement_lines,
  trust_reconciliations FROM matterhorn_app;
--> statement-breakpoint
GRANT SELECT, INSERT ON trust_accounts TO matterhorn_app;
--> statement-breakpoint
GRANT UPDATE (name, bank_name, account_number_last4, payment_instructions, is_active) ON trust_accounts TO matterhorn_app;
--> statement-breakpoint
GRANT SELECT ON trust_ledgers TO matterhorn_app;
--> statement-breakpoint
GRANT SELECT, INSERT ON trust_transactions, trust_deposit_clearances, trust_reconciliations TO matterhorn_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON trust_settings, trust_movement_requests, trust_requests, trust_statement_lines TO matterhorn_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON trust_matter_minimums TO matterhorn_app;
--> statement-breakpoint
GRANT SELECT, INSERT ON trust_bank_statements TO matterhorn_app;
--> statement-breakpoint
-- A public trust request link is found by its hash before the firm is known (as invoice links are).
GRANT SELECT (firm_id, id, slug_hash, status) ON trust_requests TO matterhorn_auth;
--> statement-breakpoint
CREATE POLICY identity_lookup ON trust_requests TO matterhorn_auth USING (true);
--> statement-breakpoint
ALTER TABLE trust_accounts ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE trust_accounts FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY firm_isolation ON trust_accounts TO matterhorn_app
  USING (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid)
  WITH CHECK (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE trust_ledgers ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE trust_ledgers FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY firm_isolation ON trust_ledgers TO matterhorn_app
  USING (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid)
  WITH CHECK (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE trust_transactions ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE trust_transactions FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY firm_isolation ON trust_transactions TO matterhorn_app
  USING (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid)
  WITH CHECK (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE trust_deposit_clearances ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE trust_deposit_clearances FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY firm_isolation ON trust_deposit_clearances TO matterhorn_app
  USING (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid)
  WITH CHECK (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE trust_settings ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE trust_settings FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY firm_isolation ON trust_settings TO matterhorn_app
  USING (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid)
  WITH CHECK (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE trust_matter_minimums ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE trust_matter_minimums FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY firm_isolation ON trust_matter_minimums TO matterhorn_app
  USING (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid)
  WITH CHECK (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE trust_movement_requests ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE trust_movement_requests FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY firm_isolation ON trust_movement_requests TO matterhorn_app
  USING (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid)
  WITH CHECK (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE trust_requests ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE trust_requests FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY firm_isolation ON trust_requests TO matterhorn_app
  USING (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid)
  WITH CHECK (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE trust_bank_statements ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE trust_bank_statements FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY firm_isolation ON trust_bank_statements TO matterhorn_app
  USING (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid)
  WITH CHECK (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE trust_statement_lines ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE trust_statement_lines FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY firm_isolation ON trust_statement_lines TO matterhorn_app
  USING (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid)
  WITH CHECK (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE trust_reconciliations ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE trust_reconciliations FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY firm_isolation ON trust_reconciliations TO matterhorn_app
  USING (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid)
  WITH CHECK (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid);
