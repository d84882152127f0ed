ALTER TABLE "sessions" ADD COLUMN "ip_address" text DEFAULT nullif(current_setting('app.client_ip', true), '');--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "user_agent" text DEFAULT nullif(current_setting('app.user_agent', true), '');--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "last_active_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Sessions open before this knew no more than when they began.
ALTER TABLE sessions NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
UPDATE sessions SET last_active_at = created_at;--> statement-breakpoint
ALTER TABLE sessions FORCE ROW LEVEL SECURITY;
