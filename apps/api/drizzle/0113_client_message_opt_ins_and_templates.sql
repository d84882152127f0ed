CREATE TABLE "client_message_opt_ins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sequence" bigint GENERATED ALWAYS AS IDENTITY (sequence name "client_message_opt_ins_sequence_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"firm_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"client_contact_id" uuid,
	"channel" text NOT NULL,
	"is_opted_in" boolean NOT NULL,
	"phone_number" text,
	"recorded_by_user_id" uuid,
	"recorded_by_portal_account_id" uuid,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_message_opt_ins_channel_check" CHECK ("client_message_opt_ins"."channel" in ('sms', 'whatsapp')),
	CONSTRAINT "client_message_opt_ins_phone_check" CHECK ("client_message_opt_ins"."phone_number" ~ '^\+[1-9][0-9]{6,14}$'),
	CONSTRAINT "client_message_opt_ins_opted_in_number_check" CHECK (not "client_message_opt_ins"."is_opted_in" or "client_message_opt_ins"."phone_number" is not null),
	CONSTRAINT "client_message_opt_ins_recorder_check" CHECK (num_nonnulls("client_message_opt_ins"."recorded_by_user_id", "client_message_opt_ins"."recorded_by_portal_account_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "client_message_templates" (
	"firm_id" uuid NOT NULL,
	"template_key" text NOT NULL,
	"body" text NOT NULL,
	"updated_by_user_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_message_templates_firm_id_template_key_pk" PRIMARY KEY("firm_id","template_key"),
	CONSTRAINT "client_message_templates_body_check" CHECK (char_length("client_message_templates"."body") between 1 and 300)
);
--> statement-breakpoint
ALTER TABLE "client_messages" ADD COLUMN "client_id" uuid;--> statement-breakpoint
ALTER TABLE "client_messages" ADD COLUMN "event_key" text;--> statement-breakpoint
ALTER TABLE "client_message_opt_ins" ADD CONSTRAINT "client_message_opt_ins_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_message_opt_ins" ADD CONSTRAINT "client_message_opt_ins_client_contact_id_client_contacts_id_fk" FOREIGN KEY ("client_contact_id") REFERENCES "public"."client_contacts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_message_opt_ins" ADD CONSTRAINT "client_message_opt_ins_recorded_by_user_id_users_id_fk" FOREIGN KEY ("recorded_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_message_opt_ins" ADD CONSTRAINT "client_message_opt_ins_recorded_by_portal_account_id_portal_accounts_id_fk" FOREIGN KEY ("recorded_by_portal_account_id") REFERENCES "public"."portal_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_message_opt_ins" ADD CONSTRAINT "client_message_opt_ins_firm_id_client_id_clients_firm_id_id_fk" FOREIGN KEY ("firm_id","client_id") REFERENCES "public"."clients"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_message_templates" ADD CONSTRAINT "client_message_templates_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_message_templates" ADD CONSTRAINT "client_message_templates_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_message_opt_ins_client_idx" ON "client_message_opt_ins" USING btree ("firm_id","client_id","sequence" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "client_messages" ADD CONSTRAINT "client_messages_firm_id_client_id_clients_firm_id_id_fk" FOREIGN KEY ("firm_id","client_id") REFERENCES "public"."clients"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "client_messages_event_key" ON "client_messages" USING btree ("firm_id","event_key","channel","to_number") WHERE event_key is not null;--> statement-breakpoint
ALTER TABLE client_message_opt_ins ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE client_message_opt_ins FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY firm_isolation ON client_message_opt_ins TO matterhorn_app
  USING (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid)
  WITH CHECK (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid);--> statement-breakpoint
ALTER TABLE client_message_templates ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE client_message_templates FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY firm_isolation ON client_message_templates TO matterhorn_app
  USING (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid)
  WITH CHECK (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid);
