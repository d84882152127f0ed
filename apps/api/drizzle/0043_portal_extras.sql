CREATE TABLE "portal_message_attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"message_id" uuid NOT NULL,
	"document_id" uuid NOT NULL,
	"version_number" integer NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "portal_message_attachments_message_document_key" UNIQUE("message_id","document_id")
);
--> statement-breakpoint
CREATE TABLE "portal_calendar_feeds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"portal_account_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "portal_calendar_feeds_token_hash_key" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "portal_item_views" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"portal_account_id" uuid NOT NULL,
	"item_kind" text NOT NULL,
	"item_id" uuid NOT NULL,
	"action" text NOT NULL,
	"first_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_at" timestamp with time zone DEFAULT now() NOT NULL,
	"times" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "portal_item_views_item_account_action_key" UNIQUE("firm_id","item_kind","item_id","portal_account_id","action")
);
--> statement-breakpoint
ALTER TABLE "portal_message_attachments" ADD CONSTRAINT "portal_message_attachments_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_message_attachments" ADD CONSTRAINT "portal_message_attachments_message_id_portal_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."portal_messages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_message_attachments" ADD CONSTRAINT "portal_message_attachments_firm_document_fk" FOREIGN KEY ("firm_id","document_id") REFERENCES "public"."documents"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_calendar_feeds" ADD CONSTRAINT "portal_calendar_feeds_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_calendar_feeds" ADD CONSTRAINT "portal_calendar_feeds_portal_account_id_portal_accounts_id_fk" FOREIGN KEY ("portal_account_id") REFERENCES "public"."portal_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_item_views" ADD CONSTRAINT "portal_item_views_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_item_views" ADD CONSTRAINT "portal_item_views_portal_account_id_portal_accounts_id_fk" FOREIGN KEY ("portal_account_id") REFERENCES "public"."portal_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "portal_message_attachments_message_idx" ON "portal_message_attachments" USING btree ("firm_id","message_id");--> statement-breakpoint
CREATE INDEX "portal_calendar_feeds_account_idx" ON "portal_calendar_feeds" USING btree ("firm_id","portal_account_id") WHERE revoked_at is null;--> statement-breakpoint
-- An attachment is never edited or deleted, like the message it is on.
CREATE FUNCTION portal_message_attachments_keep() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'portal message attachments are never edited or deleted' USING ERRCODE = 'restrict_violation';
END $$;
--> statement-breakpoint
CREATE TRIGGER portal_message_attachments_keep BEFORE UPDATE OR DELETE ON portal_message_attachments
  FOR EACH ROW EXECUTE FUNCTION portal_message_attachments_keep();
--> statement-breakpoint
ALTER TABLE portal_message_attachments ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE portal_message_attachments FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY firm_isolation ON portal_message_attachments TO matterhorn_app
  USING (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid)
  WITH CHECK (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid);
--> statement-breakpoint
-- The feed URL is opened without a session: its token's hash is looked up before the firm is known.
GRANT SELECT (firm_id, id, portal_account_id, token_hash, revoked_at) ON portal_calendar_feeds TO matterhorn_auth;
--> statement-breakpoint
CREATE POLICY identity_lookup ON portal_calendar_feeds TO matterhorn_auth USING (true);
--> statement-breakpoint
ALTER TABLE portal_calendar_feeds ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE portal_calendar_feeds FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY firm_isolation ON portal_calendar_feeds TO matterhorn_app
  USING (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid)
  WITH CHECK (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE portal_item_views ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE portal_item_views FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY firm_isolation ON portal_item_views TO matterhorn_app
  USING (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid)
  WITH CHECK (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid);
