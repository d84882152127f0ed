CREATE TABLE "firm_signing_certificates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"p12_sealed" text NOT NULL,
	"certificate_pem" text NOT NULL,
	"fingerprint_sha256" text NOT NULL,
	"not_after" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signature_request_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"request_id" uuid NOT NULL,
	"signer_id" uuid,
	"kind" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_user_id" uuid,
	"actor_name" text NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"detail" text
);
--> statement-breakpoint
CREATE TABLE "signature_request_fields" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"request_id" uuid NOT NULL,
	"signer_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"page" integer NOT NULL,
	"x" double precision NOT NULL,
	"y" double precision NOT NULL,
	"width" double precision NOT NULL,
	"height" double precision NOT NULL,
	CONSTRAINT "signature_request_fields_kind_check" CHECK (kind in ('signature', 'initials', 'date', 'name'))
);
--> statement-breakpoint
CREATE TABLE "signature_request_signers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"request_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"kind" text NOT NULL,
	"client_contact_id" uuid,
	"client_id" uuid,
	"lead_id" uuid,
	"user_id" uuid,
	"status" text NOT NULL,
	"token_hash" text NOT NULL,
	"token_sealed" text NOT NULL,
	"sent_at" timestamp with time zone,
	"viewed_at" timestamp with time zone,
	"consented_at" timestamp with time zone,
	"signed_at" timestamp with time zone,
	"declined_at" timestamp with time zone,
	"decline_reason" text,
	"last_reminded_at" timestamp with time zone,
	"reminder_count" integer DEFAULT 0 NOT NULL,
	"signature_mark" jsonb,
	"initials_mark" jsonb,
	CONSTRAINT "signature_request_signers_firm_id_key" UNIQUE("firm_id","id"),
	CONSTRAINT "signature_request_signers_status_check" CHECK (status in ('Waiting', 'Sent', 'Viewed', 'Consented', 'Signed', 'Declined')),
	CONSTRAINT "signature_request_signers_signed_check" CHECK ((status = 'Signed') = (signed_at is not null and signature_mark is not null))
);
--> statement-breakpoint
CREATE TABLE "signature_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"document_id" uuid NOT NULL,
	"document_version_number" integer NOT NULL,
	"document_sha256" text NOT NULL,
	"title" text NOT NULL,
	"message" text,
	"signing_order" text NOT NULL,
	"status" text DEFAULT 'Sent' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_by_user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"voided_by_user_id" uuid,
	"void_reason" text,
	"signed_document_sha256" text,
	"signed_version_number" integer,
	"sealing_lease_until" timestamp with time zone,
	"sealing_attempts" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "signature_requests_firm_id_key" UNIQUE("firm_id","id"),
	CONSTRAINT "signature_requests_status_check" CHECK (status in ('Sent', 'Sealing', 'Completed', 'Declined', 'Voided', 'Expired')),
	CONSTRAINT "signature_requests_order_check" CHECK (signing_order in ('inOrder', 'allAtOnce'))
);
--> statement-breakpoint
ALTER TABLE "firm_signing_certificates" ADD CONSTRAINT "firm_signing_certificates_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_request_events" ADD CONSTRAINT "signature_request_events_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_request_events" ADD CONSTRAINT "signature_request_events_request_fk" FOREIGN KEY ("firm_id","request_id") REFERENCES "public"."signature_requests"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_request_fields" ADD CONSTRAINT "signature_request_fields_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_request_fields" ADD CONSTRAINT "signature_request_fields_request_fk" FOREIGN KEY ("firm_id","request_id") REFERENCES "public"."signature_requests"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_request_fields" ADD CONSTRAINT "signature_request_fields_signer_fk" FOREIGN KEY ("firm_id","signer_id") REFERENCES "public"."signature_request_signers"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_request_signers" ADD CONSTRAINT "signature_request_signers_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_request_signers" ADD CONSTRAINT "signature_request_signers_request_fk" FOREIGN KEY ("firm_id","request_id") REFERENCES "public"."signature_requests"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_request_signers" ADD CONSTRAINT "signature_request_signers_client_fk" FOREIGN KEY ("firm_id","client_id") REFERENCES "public"."clients"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_requests" ADD CONSTRAINT "signature_requests_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_requests" ADD CONSTRAINT "signature_requests_document_fk" FOREIGN KEY ("firm_id","document_id") REFERENCES "public"."documents"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_requests" ADD CONSTRAINT "signature_requests_created_by_fk" FOREIGN KEY ("firm_id","created_by_user_id") REFERENCES "public"."users"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "firm_signing_certificates_firm_key" ON "firm_signing_certificates" USING btree ("firm_id");--> statement-breakpoint
CREATE INDEX "signature_request_events_request_idx" ON "signature_request_events" USING btree ("firm_id","request_id","at");--> statement-breakpoint
CREATE INDEX "signature_request_fields_request_idx" ON "signature_request_fields" USING btree ("firm_id","request_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "signature_request_signers_token_hash_key" ON "signature_request_signers" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "signature_request_signers_position_key" ON "signature_request_signers" USING btree ("firm_id","request_id","position");--> statement-breakpoint
CREATE INDEX "signature_request_signers_client_idx" ON "signature_request_signers" USING btree ("firm_id","client_id") WHERE client_id is not null;--> statement-breakpoint
CREATE INDEX "signature_requests_firm_created_idx" ON "signature_requests" USING btree ("firm_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "signature_requests_document_idx" ON "signature_requests" USING btree ("firm_id","document_id");--> statement-breakpoint
CREATE INDEX "signature_requests_open_idx" ON "signature_requests" USING btree ("firm_id","status") WHERE status in ('Sent', 'Sealing');--> statement-breakpoint
ALTER TABLE signature_requests ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE signature_requests FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY firm_isolation ON signature_requests TO matterhorn_app
  USING (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid)
  WITH CHECK (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid);--> statement-breakpoint
-- The jobs find the firms with open requests before any firm is known (identity lookup): these columns only.
GRANT SELECT (firm_id, status) ON signature_requests TO matterhorn_auth;--> statement-breakpoint
CREATE POLICY identity_lookup ON signature_requests FOR SELECT TO matterhorn_auth USING (true);--> statement-breakpoint
ALTER TABLE signature_request_signers ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE signature_request_signers FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY firm_isolation ON signature_request_signers TO matterhorn_app
  USING (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid)
  WITH CHECK (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid);--> statement-breakpoint
-- A signer's link finds its firm, request and signer by the token's hash before the firm is known: these columns only.
GRANT SELECT (id, firm_id, request_id, token_hash) ON signature_request_signers TO matterhorn_auth;--> statement-breakpoint
CREATE POLICY identity_lookup ON signature_request_signers FOR SELECT TO matterhorn_auth USING (true);--> statement-breakpoint
ALTER TABLE signature_request_fields ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE signature_request_fields FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY firm_isolation ON signature_request_fields TO matterhorn_app
  USING (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid)
  WITH CHECK (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid);--> statement-breakpoint
-- A request's history and the places marked are never changed or removed.
REVOKE ALL ON signature_request_events FROM matterhorn_app;--> statement-breakpoint
GRANT SELECT, INSERT ON signature_request_events TO matterhorn_app;--> statement-breakpoint
REVOKE UPDATE, DELETE ON signature_request_fields FROM matterhorn_app;--> statement-breakpoint
ALTER TABLE signature_request_events ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE signature_request_events FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY firm_isolation ON signature_request_events TO matterhorn_app
  USING (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid)
  WITH CHECK (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid);--> statement-breakpoint
-- A firm's sealing certificate is made once and kept (sealed under APP_SECRET).
REVOKE ALL ON firm_signing_certificates FROM matterhorn_app;--> statement-breakpoint
GRANT SELECT, INSERT ON firm_signing_certificates TO matterhorn_app;--> statement-breakpoint
ALTER TABLE firm_signing_certificates ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE firm_signing_certificates FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY firm_isolation ON firm_signing_certificates TO matterhorn_app
  USING (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid)
  WITH CHECK (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid);
