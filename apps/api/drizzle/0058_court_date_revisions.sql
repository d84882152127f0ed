-- Issue 35 (calendar feeds): a court date that changes or is cancelled must update the event in the
-- calendars subscribed to the feeds, not add a second one. Each court update carries its revision (the
-- event's SEQUENCE), raised with every edit and the delete, and keeps the next hearing an edit took away
-- so the feeds can still send it, as STATUS:CANCELLED, with its date.
ALTER TABLE "court_updates" ADD COLUMN "cancelled_next_date" date;--> statement-breakpoint
ALTER TABLE "court_updates" ADD COLUMN "cancelled_next_time" time;--> statement-breakpoint
ALTER TABLE "court_updates" ADD COLUMN "calendar_sequence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "court_updates_cancelled_hearing_idx" ON "court_updates" USING btree ("firm_id",coalesce("next_adjourned_date", "cancelled_next_date")) WHERE (deleted_at is not null or next_adjourned_date is null) and coalesce(next_adjourned_date, cancelled_next_date) is not null;--> statement-breakpoint
ALTER TABLE "court_updates" ADD CONSTRAINT "court_updates_cancelled_next_check" CHECK ("court_updates"."next_adjourned_date" is null or ("court_updates"."cancelled_next_date" is null and "court_updates"."cancelled_next_time" is null));--> statement-breakpoint
-- An update deleted before now was at revision 0 when the feeds last sent it: its cancellation is revision 1.
UPDATE "court_updates" SET "calendar_sequence" = 1 WHERE "deleted_at" IS NOT NULL;