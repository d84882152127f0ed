ALTER TABLE "client_contacts" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "client_contacts" ADD COLUMN "deleted_by_user_id" uuid;--> statement-breakpoint
ALTER TABLE "client_contacts" ADD CONSTRAINT "client_contacts_deleted_by_user_id_users_id_fk" FOREIGN KEY ("deleted_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- A contact removed from its client goes to the recycle bin (issue 39); one of a client already in
-- the bin is marked with its client's moment, so restoring the client brings it back.
ALTER TABLE client_contacts NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE clients NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
UPDATE client_contacts cc SET deleted_at = c.deleted_at, deleted_by_user_id = c.deleted_by_user_id
FROM clients c WHERE c.firm_id = cc.firm_id AND c.id = cc.client_id AND c.deleted_at IS NOT NULL AND cc.deleted_at IS NULL;--> statement-breakpoint
ALTER TABLE client_contacts FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE clients FORCE ROW LEVEL SECURITY;
