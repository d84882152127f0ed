CREATE TABLE "outgoing_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"recipient" text NOT NULL,
	"subject" text NOT NULL,
	"sealed_content" text,
	"about_kind" text,
	"about_id" uuid,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "outgoing_messages" ADD CONSTRAINT "outgoing_messages_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outgoing_messages_due_idx" ON "outgoing_messages" USING btree ("next_attempt_at") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "outgoing_messages_about_idx" ON "outgoing_messages" USING btree ("firm_id","about_kind","about_id","created_at");--> statement-breakpoint
ALTER TABLE "outgoing_messages" ADD CONSTRAINT "outgoing_messages_status_check" CHECK (status in ('pending', 'sent', 'failed'));
--> statement-breakpoint
ALTER TABLE "outgoing_messages" ADD CONSTRAINT "outgoing_messages_about_check"
  CHECK ((about_kind is null and about_id is null) or (about_kind in ('invoice', 'trustRequest', 'teamInvitation') and about_id is not null));
--> statement-breakpoint
-- An email is a record of what the firm sent: its row changes state, never disappears.
REVOKE DELETE ON outgoing_messages FROM matterhorn_app;
--> statement-breakpoint
-- Sign-in emails are queued before the firm is known (identity lookup), and the delivery job finds
-- the firms with mail due there; it reads no message's content under that role.
GRANT INSERT ON outgoing_messages TO matterhorn_auth;
--> statement-breakpoint
GRANT SELECT (id, firm_id, status, next_attempt_at) ON outgoing_messages TO matterhorn_auth;
--> statement-breakpoint
CREATE POLICY identity_lookup ON outgoing_messages TO matterhorn_auth USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE outgoing_messages ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE outgoing_messages FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY firm_isolation ON outgoing_messages TO matterhorn_app
  USING (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid)
  WITH CHECK (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid);
