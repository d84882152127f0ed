-- Two roles the API switches to inside each transaction (SET LOCAL ROLE): neither owns a table nor
-- bypasses row-level security, so a query that forgets its firm still sees nothing of another's.
-- matterhorn_app works inside one firm (app.firm_id); matterhorn_auth only looks up identities
-- by email, portal address or token hash before the firm is known.
DO $$ BEGIN
  CREATE ROLE matterhorn_app NOLOGIN NOBYPASSRLS;
EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL; END $$;
--> statement-breakpoint
DO $$ BEGIN
  CREATE ROLE matterhorn_auth NOLOGIN NOBYPASSRLS;
EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL; END $$;
--> statement-breakpoint
DO $$ BEGIN
  EXECUTE format('GRANT matterhorn_app, matterhorn_auth TO %I', current_user);
EXCEPTION WHEN OTHERS THEN NULL; END $$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO matterhorn_app, matterhorn_auth;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO matterhorn_app;
--> statement-breakpoint
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO matterhorn_app;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO matterhorn_app;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO matterhorn_app;
--> statement-breakpoint
REVOKE INSERT, UPDATE, DELETE ON currencies, plans FROM matterhorn_app;
--> statement-breakpoint
GRANT SELECT ON currencies, plans TO matterhorn_auth;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON firms, users, auth_tokens, portal_accounts TO matterhorn_auth;
--> statement-breakpoint
GRANT SELECT ON clients TO matterhorn_auth;
--> statement-breakpoint
DO $$
DECLARE tenant_table text;
BEGIN
  FOREACH tenant_table IN ARRAY ARRAY['roles', 'users', 'sessions', 'auth_tokens', 'clients', 'portal_accounts',
    'matters', 'matter_assignees', 'activity_types', 'subscriptions', 'audit_events'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', tenant_table);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', tenant_table);
    EXECUTE format($p$CREATE POLICY firm_isolation ON %I TO matterhorn_app
      USING (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid)
      WITH CHECK (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid)$p$, tenant_table);
  END LOOP;
END $$;
--> statement-breakpoint
ALTER TABLE firms ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE firms FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY firm_isolation ON firms TO matterhorn_app
  USING (id = nullif(current_setting('app.firm_id', true), '')::uuid)
  WITH CHECK (id = nullif(current_setting('app.firm_id', true), '')::uuid);
--> statement-breakpoint
CREATE POLICY identity_lookup ON firms TO matterhorn_auth USING (true) WITH CHECK (true);
--> statement-breakpoint
CREATE POLICY identity_lookup ON users TO matterhorn_auth USING (true) WITH CHECK (true);
--> statement-breakpoint
CREATE POLICY identity_lookup ON auth_tokens TO matterhorn_auth USING (true) WITH CHECK (true);
--> statement-breakpoint
CREATE POLICY identity_lookup ON portal_accounts TO matterhorn_auth USING (true) WITH CHECK (true);
--> statement-breakpoint
CREATE POLICY identity_lookup ON clients TO matterhorn_auth USING (true);
--> statement-breakpoint
INSERT INTO currencies (currency_name, iso_code, symbol) VALUES
  ('Nigerian Naira', 'NGN', '₦'), ('US Dollar', 'USD', '$'), ('British Pound', 'GBP', '£'),
  ('Euro', 'EUR', '€'), ('Ghanaian Cedi', 'GHS', 'GH₵'), ('Kenyan Shilling', 'KES', 'KSh'),
  ('South African Rand', 'ZAR', 'R'), ('Canadian Dollar', 'CAD', 'CA$');
--> statement-breakpoint
INSERT INTO plans (name, amount, ngn_amount, currency_id, duration_in_days, allocated_number_users, is_public, sort_order, description) VALUES
  ('Trial', 0, 0, (SELECT id FROM currencies WHERE iso_code = 'USD'), 14, 5, false, 0, 'Every feature for 14 days'),
  ('Free', 0, 0, (SELECT id FROM currencies WHERE iso_code = 'USD'), 36500, 1, true, 1, 'One user, the essentials'),
  ('Standard', 29, 25000, (SELECT id FROM currencies WHERE iso_code = 'USD'), 30, 5, true, 2, 'Up to 5 users'),
  ('Professional', 59, 50000, (SELECT id FROM currencies WHERE iso_code = 'USD'), 30, 20, true, 3, 'Up to 20 users'),
  ('Professional Yearly', 590, 500000, (SELECT id FROM currencies WHERE iso_code = 'USD'), 365, 20, true, 4, 'Up to 20 users, billed yearly');
