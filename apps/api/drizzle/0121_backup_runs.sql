CREATE TABLE "backup_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"trigger" text NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"requested_by" uuid,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"backup_id" text,
	"destination" text,
	"bytes_written" bigint,
	"bytes_total" bigint,
	"files" integer,
	"new_files" integer,
	"duration_ms" integer,
	"proofs" jsonb,
	"failure" text
);
--> statement-breakpoint
CREATE UNIQUE INDEX "backup_runs_one_running" ON "backup_runs" USING btree ("kind") WHERE status = 'running';--> statement-breakpoint
CREATE INDEX "backup_runs_started" ON "backup_runs" USING btree ("kind","started_at");--> statement-breakpoint
-- Issue 65 §3: the installation's backups and drills, read by Settings › Backups. Kept, never removed by the app.
ALTER TABLE "backup_runs" ADD CONSTRAINT "backup_runs_kind" CHECK (kind IN ('backup', 'drill'));--> statement-breakpoint
ALTER TABLE "backup_runs" ADD CONSTRAINT "backup_runs_trigger" CHECK (trigger IN ('schedule', 'manual'));--> statement-breakpoint
ALTER TABLE "backup_runs" ADD CONSTRAINT "backup_runs_status" CHECK (status IN ('running', 'succeeded', 'failed'));--> statement-breakpoint
REVOKE DELETE, TRUNCATE ON "backup_runs" FROM matterhorn_app;
