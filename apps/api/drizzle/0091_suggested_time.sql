CREATE TABLE "matter_calls" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"matter_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"call_date" date NOT NULL,
	"with_whom" text NOT NULL,
	"minutes" integer NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "matter_calls_minutes_check" CHECK ("matter_calls"."minutes" between 1 and 1440),
	CONSTRAINT "matter_calls_with_whom_length_check" CHECK (char_length("matter_calls"."with_whom") between 1 and 200),
	CONSTRAINT "matter_calls_note_length_check" CHECK (char_length("matter_calls"."note") <= 5000)
);
--> statement-breakpoint
CREATE TABLE "time_recording_preferences" (
	"firm_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"bare_number_unit" text DEFAULT 'hours' NOT NULL,
	"suggests_time" boolean DEFAULT true NOT NULL,
	CONSTRAINT "time_recording_preferences_firm_id_user_id_pk" PRIMARY KEY("firm_id","user_id"),
	CONSTRAINT "time_recording_preferences_unit_check" CHECK ("time_recording_preferences"."bare_number_unit" in ('hours', 'minutes'))
);
--> statement-breakpoint
CREATE TABLE "time_suggestion_dismissals" (
	"firm_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"work_date" date NOT NULL,
	"matter_id" uuid NOT NULL,
	"dismissed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "time_suggestion_dismissals_firm_id_user_id_work_date_matter_id_pk" PRIMARY KEY("firm_id","user_id","work_date","matter_id")
);
--> statement-breakpoint
CREATE TABLE "work_activities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"matter_id" uuid NOT NULL,
	"work_date" date NOT NULL,
	"kind" text NOT NULL,
	"subject" text NOT NULL,
	"seconds" integer DEFAULT 0 NOT NULL,
	"source_id" uuid,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "work_activities_seconds_check" CHECK ("work_activities"."seconds" between 0 and 86400),
	CONSTRAINT "work_activities_subject_length_check" CHECK (char_length("work_activities"."subject") <= 300)
);
--> statement-breakpoint
ALTER TABLE "firms" ADD COLUMN "suggests_time" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "matter_calls" ADD CONSTRAINT "matter_calls_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matter_calls" ADD CONSTRAINT "matter_calls_firm_user_fk" FOREIGN KEY ("firm_id","user_id") REFERENCES "public"."users"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matter_calls" ADD CONSTRAINT "matter_calls_firm_matter_fk" FOREIGN KEY ("firm_id","matter_id") REFERENCES "public"."matters"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_recording_preferences" ADD CONSTRAINT "time_recording_preferences_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_recording_preferences" ADD CONSTRAINT "time_recording_preferences_firm_user_fk" FOREIGN KEY ("firm_id","user_id") REFERENCES "public"."users"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_suggestion_dismissals" ADD CONSTRAINT "time_suggestion_dismissals_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_suggestion_dismissals" ADD CONSTRAINT "time_suggestion_dismissals_firm_user_fk" FOREIGN KEY ("firm_id","user_id") REFERENCES "public"."users"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_activities" ADD CONSTRAINT "work_activities_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_activities" ADD CONSTRAINT "work_activities_firm_user_fk" FOREIGN KEY ("firm_id","user_id") REFERENCES "public"."users"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_activities" ADD CONSTRAINT "work_activities_firm_matter_fk" FOREIGN KEY ("firm_id","matter_id") REFERENCES "public"."matters"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "matter_calls_matter_idx" ON "matter_calls" USING btree ("firm_id","matter_id","call_date");--> statement-breakpoint
CREATE INDEX "work_activities_user_day_idx" ON "work_activities" USING btree ("firm_id","user_id","work_date");--> statement-breakpoint
CREATE INDEX "work_activities_work_date_idx" ON "work_activities" USING btree ("work_date");--> statement-breakpoint
CREATE UNIQUE INDEX "work_activities_source_day_key" ON "work_activities" USING btree ("firm_id","user_id","work_date","kind","source_id") WHERE "work_activities"."source_id" is not null;--> statement-breakpoint
ALTER TABLE work_activities ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE work_activities FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY firm_isolation ON work_activities TO matterhorn_app
  USING (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid)
  WITH CHECK (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE time_suggestion_dismissals ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE time_suggestion_dismissals FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY firm_isolation ON time_suggestion_dismissals TO matterhorn_app
  USING (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid)
  WITH CHECK (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE time_recording_preferences ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE time_recording_preferences FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY firm_isolation ON time_recording_preferences TO matterhorn_app
  USING (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid)
  WITH CHECK (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE matter_calls ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE matter_calls FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY firm_isolation ON matter_calls TO matterhorn_app
  USING (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid)
  WITH CHECK (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid);
