CREATE TABLE "client_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"matter_id" uuid,
	"client_contact_id" uuid,
	"channel" text NOT NULL,
	"to_number" text NOT NULL,
	"template_key" text NOT NULL,
	"body" text NOT NULL,
	"provider" text NOT NULL,
	"provider_message_id" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone DEFAULT now(),
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"status_at" timestamp with time zone,
	CONSTRAINT "client_messages_channel_check" CHECK ("client_messages"."channel" in ('sms', 'whatsapp')),
	CONSTRAINT "client_messages_provider_check" CHECK ("client_messages"."provider" in ('termii', 'twilio')),
	CONSTRAINT "client_messages_status_check" CHECK ("client_messages"."status" in ('queued', 'sent', 'delivered', 'failed', 'undelivered')),
	CONSTRAINT "client_messages_to_check" CHECK ("client_messages"."to_number" ~ '^\+[1-9][0-9]{6,14}$'),
	CONSTRAINT "client_messages_queued_check" CHECK (("client_messages"."status" = 'queued') = ("client_messages"."next_attempt_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "client_messages" ADD CONSTRAINT "client_messages_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_messages" ADD CONSTRAINT "client_messages_client_contact_id_client_contacts_id_fk" FOREIGN KEY ("client_contact_id") REFERENCES "public"."client_contacts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_messages" ADD CONSTRAINT "client_messages_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_messages" ADD CONSTRAINT "client_messages_firm_id_matter_id_matters_firm_id_id_fk" FOREIGN KEY ("firm_id","matter_id") REFERENCES "public"."matters"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "client_messages_provider_message_key" ON "client_messages" USING btree ("provider","provider_message_id") WHERE provider_message_id is not null;--> statement-breakpoint
CREATE INDEX "client_messages_due_idx" ON "client_messages" USING btree ("next_attempt_at") WHERE status = 'queued';--> statement-breakpoint
CREATE INDEX "client_messages_firm_created_idx" ON "client_messages" USING btree ("firm_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "client_messages_matter_idx" ON "client_messages" USING btree ("firm_id","matter_id") WHERE matter_id is not null;--> statement-breakpoint
ALTER TABLE client_messages ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE client_messages FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY firm_isolation ON client_messages TO matterhorn_app
  USING (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid)
  WITH CHECK (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid);--> statement-breakpoint
-- A provider's delivery callback, and the sending job, find a message's firm before any firm is known (identity lookup): these columns only.
GRANT SELECT (firm_id, provider, provider_message_id, status, next_attempt_at) ON client_messages TO matterhorn_auth;--> statement-breakpoint
CREATE POLICY identity_lookup ON client_messages FOR SELECT TO matterhorn_auth USING (true);
