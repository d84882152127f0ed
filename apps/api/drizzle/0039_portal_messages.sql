CREATE TABLE "portal_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"matter_id" uuid NOT NULL,
	"sender_kind" text NOT NULL,
	"sender_user_id" uuid,
	"sender_portal_account_id" uuid,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	"read_by_user_id" uuid,
	"notified_at" timestamp with time zone,
	CONSTRAINT "portal_messages_sender_check" CHECK (("portal_messages"."sender_kind" = 'firm' and "portal_messages"."sender_user_id" is not null and "portal_messages"."sender_portal_account_id" is null)
        or ("portal_messages"."sender_kind" = 'client' and "portal_messages"."sender_portal_account_id" is not null and "portal_messages"."sender_user_id" is null)),
	CONSTRAINT "portal_messages_body_check" CHECK (length("portal_messages"."body") between 1 and 5000)
);
--> statement-breakpoint
ALTER TABLE "portal_messages" ADD CONSTRAINT "portal_messages_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_messages" ADD CONSTRAINT "portal_messages_sender_user_id_users_id_fk" FOREIGN KEY ("sender_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_messages" ADD CONSTRAINT "portal_messages_sender_portal_account_id_portal_accounts_id_fk" FOREIGN KEY ("sender_portal_account_id") REFERENCES "public"."portal_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_messages" ADD CONSTRAINT "portal_messages_read_by_user_id_users_id_fk" FOREIGN KEY ("read_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_messages" ADD CONSTRAINT "portal_messages_firm_matter_fk" FOREIGN KEY ("firm_id","matter_id") REFERENCES "public"."matters"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "portal_messages_matter_idx" ON "portal_messages" USING btree ("firm_id","matter_id","created_at");--> statement-breakpoint
CREATE INDEX "portal_messages_unnotified_idx" ON "portal_messages" USING btree ("firm_id") WHERE "portal_messages"."read_at" is null and "portal_messages"."notified_at" is null;--> statement-breakpoint
-- A message is never edited or deleted: only its read receipt and its notice are stamped, once.
CREATE FUNCTION portal_messages_keep() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'portal messages are never deleted' USING ERRCODE = 'restrict_violation';
  END IF;
  IF (NEW.id, NEW.firm_id, NEW.client_id, NEW.matter_id, NEW.sender_kind, NEW.sender_user_id, NEW.sender_portal_account_id,
      NEW.body, NEW.created_at) IS DISTINCT FROM
     (OLD.id, OLD.firm_id, OLD.client_id, OLD.matter_id, OLD.sender_kind, OLD.sender_user_id, OLD.sender_portal_account_id,
      OLD.body, OLD.created_at)
     OR (OLD.read_at IS NOT NULL AND NEW.read_at IS DISTINCT FROM OLD.read_at)
     OR (OLD.notified_at IS NOT NULL AND NEW.notified_at IS DISTINCT FROM OLD.notified_at) THEN
    RAISE EXCEPTION 'portal messages are never edited' USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER portal_messages_keep BEFORE UPDATE OR DELETE ON portal_messages
  FOR EACH ROW EXECUTE FUNCTION portal_messages_keep();
--> statement-breakpoint
ALTER TABLE portal_messages ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE portal_messages FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY firm_isolation ON portal_messages TO matterhorn_app
  USING (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid)
  WITH CHECK (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid);
