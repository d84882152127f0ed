CREATE TABLE "calendar_feeds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"scope" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "calendar_feeds_token_hash_key" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "court_calendar_settings" (
	"firm_id" uuid PRIMARY KEY NOT NULL,
	"reminder_days_before" integer[] DEFAULT '{1}'::integer[] NOT NULL,
	"is_daily_digest_enabled" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "court_update_appearances" (
	"firm_id" uuid NOT NULL,
	"court_update_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	CONSTRAINT "court_update_appearances_court_update_id_user_id_pk" PRIMARY KEY("court_update_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "court_updates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"matter_id" uuid NOT NULL,
	"court_id" uuid NOT NULL,
	"suit_number" text NOT NULL,
	"judge" text,
	"hearing_date" date NOT NULL,
	"outcome" text NOT NULL,
	"next_adjourned_date" date,
	"next_adjourned_time" time,
	"next_adjourned_purpose" text,
	"next_steps" text,
	"is_shared_with_client" boolean DEFAULT false NOT NULL,
	"added_by_user_id" uuid NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(suit_number || ' ' || coalesce(judge, '') || ' ' || outcome || ' ' || coalesce(next_adjourned_purpose, '') || ' ' || coalesce(next_steps, ''))) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by_user_id" uuid,
	CONSTRAINT "court_updates_firm_id_key" UNIQUE("firm_id","id")
);
--> statement-breakpoint
CREATE TABLE "courts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"name" text NOT NULL,
	"division" text,
	"address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "courts_firm_id_key" UNIQUE("firm_id","id")
);
--> statement-breakpoint
CREATE TABLE "hearing_digests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"digest_date" date NOT NULL,
	"hearing_count" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hearing_digests_once_key" UNIQUE("firm_id","user_id","digest_date")
);
--> statement-breakpoint
CREATE TABLE "hearing_reminders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"court_update_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"hearing_date" date NOT NULL,
	"days_before" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hearing_reminders_once_key" UNIQUE("court_update_id","user_id","hearing_date","days_before")
);
--> statement-breakpoint
CREATE TABLE "progress_note_attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"progress_note_id" uuid NOT NULL,
	"storage_key" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"sha256" text NOT NULL,
	"uploaded_by_user_id" uuid NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by_user_id" uuid,
	CONSTRAINT "progress_note_attachments_storage_key_key" UNIQUE("storage_key")
);
--> statement-breakpoint
CREATE TABLE "progress_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"matter_id" uuid NOT NULL,
	"note_date" date NOT NULL,
	"title" text NOT NULL,
	"body_html" text NOT NULL,
	"body_text" text NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(title || ' ' || body_text)) STORED NOT NULL,
	"author_user_id" uuid NOT NULL,
	"is_shared_with_client" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by_user_id" uuid,
	CONSTRAINT "progress_notes_firm_id_key" UNIQUE("firm_id","id")
);
--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_firm_user_fk" FOREIGN KEY ("firm_id","user_id") REFERENCES "public"."users"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "court_calendar_settings" ADD CONSTRAINT "court_calendar_settings_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "court_update_appearances" ADD CONSTRAINT "court_update_appearances_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "court_update_appearances" ADD CONSTRAINT "court_update_appearances_firm_update_fk" FOREIGN KEY ("firm_id","court_update_id") REFERENCES "public"."court_updates"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "court_update_appearances" ADD CONSTRAINT "court_update_appearances_firm_user_fk" FOREIGN KEY ("firm_id","user_id") REFERENCES "public"."users"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "court_updates" ADD CONSTRAINT "court_updates_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "court_updates" ADD CONSTRAINT "court_updates_deleted_by_user_id_users_id_fk" FOREIGN KEY ("deleted_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "court_updates" ADD CONSTRAINT "court_updates_firm_client_fk" FOREIGN KEY ("firm_id","client_id") REFERENCES "public"."clients"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "court_updates" ADD CONSTRAINT "court_updates_firm_matter_fk" FOREIGN KEY ("firm_id","matter_id") REFERENCES "public"."matters"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "court_updates" ADD CONSTRAINT "court_updates_firm_court_fk" FOREIGN KEY ("firm_id","court_id") REFERENCES "public"."courts"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "court_updates" ADD CONSTRAINT "court_updates_firm_added_by_fk" FOREIGN KEY ("firm_id","added_by_user_id") REFERENCES "public"."users"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courts" ADD CONSTRAINT "courts_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hearing_digests" ADD CONSTRAINT "hearing_digests_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hearing_digests" ADD CONSTRAINT "hearing_digests_firm_user_fk" FOREIGN KEY ("firm_id","user_id") REFERENCES "public"."users"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hearing_reminders" ADD CONSTRAINT "hearing_reminders_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hearing_reminders" ADD CONSTRAINT "hearing_reminders_firm_update_fk" FOREIGN KEY ("firm_id","court_update_id") REFERENCES "public"."court_updates"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hearing_reminders" ADD CONSTRAINT "hearing_reminders_firm_user_fk" FOREIGN KEY ("firm_id","user_id") REFERENCES "public"."users"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "progress_note_attachments" ADD CONSTRAINT "progress_note_attachments_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "progress_note_attachments" ADD CONSTRAINT "progress_note_attachments_deleted_by_user_id_users_id_fk" FOREIGN KEY ("deleted_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "progress_note_attachments" ADD CONSTRAINT "progress_note_attachments_firm_note_fk" FOREIGN KEY ("firm_id","progress_note_id") REFERENCES "public"."progress_notes"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "progress_note_attachments" ADD CONSTRAINT "progress_note_attachments_firm_uploaded_by_fk" FOREIGN KEY ("firm_id","uploaded_by_user_id") REFERENCES "public"."users"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "progress_notes" ADD CONSTRAINT "progress_notes_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "progress_notes" ADD CONSTRAINT "progress_notes_deleted_by_user_id_users_id_fk" FOREIGN KEY ("deleted_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "progress_notes" ADD CONSTRAINT "progress_notes_firm_client_fk" FOREIGN KEY ("firm_id","client_id") REFERENCES "public"."clients"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "progress_notes" ADD CONSTRAINT "progress_notes_firm_matter_fk" FOREIGN KEY ("firm_id","matter_id") REFERENCES "public"."matters"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "progress_notes" ADD CONSTRAINT "progress_notes_firm_author_fk" FOREIGN KEY ("firm_id","author_user_id") REFERENCES "public"."users"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "calendar_feeds_user_idx" ON "calendar_feeds" USING btree ("firm_id","user_id") WHERE revoked_at is null;--> statement-breakpoint
CREATE INDEX "court_update_appearances_user_idx" ON "court_update_appearances" USING btree ("firm_id","user_id");--> statement-breakpoint
CREATE INDEX "court_updates_firm_date_idx" ON "court_updates" USING btree ("firm_id","hearing_date" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "court_updates_matter_date_idx" ON "court_updates" USING btree ("firm_id","matter_id","hearing_date" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "court_updates_client_date_idx" ON "court_updates" USING btree ("firm_id","client_id","hearing_date" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "court_updates_court_date_idx" ON "court_updates" USING btree ("firm_id","court_id","hearing_date" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "court_updates_next_hearing_idx" ON "court_updates" USING btree ("firm_id","next_adjourned_date","next_adjourned_time") WHERE deleted_at is null and next_adjourned_date is not null;--> statement-breakpoint
CREATE INDEX "court_updates_search_trgm_idx" ON "court_updates" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "courts_firm_name_idx" ON "courts" USING btree ("firm_id","name");--> statement-breakpoint
CREATE INDEX "progress_note_attachments_note_idx" ON "progress_note_attachments" USING btree ("firm_id","progress_note_id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "progress_notes_firm_date_idx" ON "progress_notes" USING btree ("firm_id","note_date" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "progress_notes_matter_date_idx" ON "progress_notes" USING btree ("firm_id","matter_id","note_date" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "progress_notes_client_date_idx" ON "progress_notes" USING btree ("firm_id","client_id","note_date" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "progress_notes_author_date_idx" ON "progress_notes" USING btree ("firm_id","author_user_id","note_date" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "progress_notes_search_trgm_idx" ON "progress_notes" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
-- Reminders and digests are records of what was sent: never changed. Appearances are replaced as a
-- court update is edited. The rest keep the app role's default privileges (soft deletes are updates).
REVOKE UPDATE, DELETE ON hearing_reminders, hearing_digests FROM matterhorn_app;
--> statement-breakpoint
REVOKE DELETE ON courts, progress_notes, progress_note_attachments, court_updates, calendar_feeds, court_calendar_settings FROM matterhorn_app;
--> statement-breakpoint
-- A calendar app fetching a feed is known only by the token's hash, before the firm is (as invoice links are).
GRANT SELECT (firm_id, id, user_id, token_hash, scope, revoked_at) ON calendar_feeds TO matterhorn_auth;
--> statement-breakpoint
CREATE POLICY identity_lookup ON calendar_feeds TO matterhorn_auth USING (true);
--> statement-breakpoint
ALTER TABLE courts ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE courts FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY firm_isolation ON courts TO matterhorn_app
  USING (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid)
  WITH CHECK (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE progress_notes ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE progress_notes FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY firm_isolation ON progress_notes TO matterhorn_app
  USING (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid)
  WITH CHECK (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE progress_note_attachments ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE progress_note_attachments FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY firm_isolation ON progress_note_attachments TO matterhorn_app
  USING (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid)
  WITH CHECK (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE court_updates ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE court_updates FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY firm_isolation ON court_updates TO matterhorn_app
  USING (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid)
  WITH CHECK (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE court_update_appearances ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE court_update_appearances FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY firm_isolation ON court_update_appearances TO matterhorn_app
  USING (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid)
  WITH CHECK (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE calendar_feeds ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE calendar_feeds FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY firm_isolation ON calendar_feeds TO matterhorn_app
  USING (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid)
  WITH CHECK (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE court_calendar_settings ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE court_calendar_settings FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY firm_isolation ON court_calendar_settings TO matterhorn_app
  USING (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid)
  WITH CHECK (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE hearing_reminders ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE hearing_reminders FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY firm_isolation ON hearing_reminders TO matterhorn_app
  USING (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid)
  WITH CHECK (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE hearing_digests ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE hearing_digests FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY firm_isolation ON hearing_digests TO matterhorn_app
  USING (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid)
  WITH CHECK (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid);
