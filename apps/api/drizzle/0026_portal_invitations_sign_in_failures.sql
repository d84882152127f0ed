CREATE TABLE "sign_in_failures" (
	"account_key" text NOT NULL,
	"address" text NOT NULL,
	"failures" integer NOT NULL,
	"last_failure_at" timestamp with time zone DEFAULT now() NOT NULL,
	"blocked_until" timestamp with time zone,
	CONSTRAINT "sign_in_failures_account_key_address_pk" PRIMARY KEY("account_key","address")
);
--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD COLUMN "client_id" uuid;--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD CONSTRAINT "auth_tokens_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "failed_login_count";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "locked_until";--> statement-breakpoint
ALTER TABLE "portal_accounts" DROP COLUMN "failed_login_count";--> statement-breakpoint
ALTER TABLE "portal_accounts" DROP COLUMN "locked_until";--> statement-breakpoint
-- Sign-in runs as the identity-lookup role before any firm is known; the firm-side role has no business here.
GRANT SELECT, INSERT, UPDATE, DELETE ON sign_in_failures TO matterhorn_auth;--> statement-breakpoint
REVOKE ALL ON sign_in_failures FROM matterhorn_app;
