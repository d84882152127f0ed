CREATE TABLE "calendar_event_attendees" (
	"firm_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	CONSTRAINT "calendar_event_attendees_event_id_user_id_pk" PRIMARY KEY("event_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "calendar_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"title" text NOT NULL,
	"kind" text NOT NULL,
	"matter_id" uuid,
	"location" text,
	"video_link" text,
	"description" text,
	"is_all_day" boolean DEFAULT false NOT NULL,
	"start_local" timestamp NOT NULL,
	"end_local" timestamp NOT NULL,
	"recurrence" text,
	"last_end_local" timestamp,
	"reminder_minutes_before" integer,
	"reminded_through_local" timestamp,
	"created_by_user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_events_firm_id_key" UNIQUE("firm_id","id"),
	CONSTRAINT "calendar_events_order_check" CHECK ("calendar_events"."end_local" >= "calendar_events"."start_local")
);
--> statement-breakpoint
ALTER TABLE "calendar_event_attendees" ADD CONSTRAINT "calendar_event_attendees_event_fk" FOREIGN KEY ("firm_id","event_id") REFERENCES "public"."calendar_events"("firm_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_event_attendees" ADD CONSTRAINT "calendar_event_attendees_user_fk" FOREIGN KEY ("firm_id","user_id") REFERENCES "public"."users"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_events" ADD CONSTRAINT "calendar_events_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_events" ADD CONSTRAINT "calendar_events_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_events" ADD CONSTRAINT "calendar_events_firm_matter_fk" FOREIGN KEY ("firm_id","matter_id") REFERENCES "public"."matters"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "calendar_event_attendees_user_idx" ON "calendar_event_attendees" USING btree ("firm_id","user_id");--> statement-breakpoint
CREATE INDEX "calendar_events_range_idx" ON "calendar_events" USING btree ("firm_id","start_local","last_end_local");--> statement-breakpoint
CREATE INDEX "calendar_events_matter_idx" ON "calendar_events" USING btree ("firm_id","matter_id");--> statement-breakpoint
-- Each firm's own events and attendees (issue 40).
ALTER TABLE calendar_events ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE calendar_events FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY firm_isolation ON calendar_events TO matterhorn_app
  USING (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid)
  WITH CHECK (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid);--> statement-breakpoint
ALTER TABLE calendar_event_attendees ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE calendar_event_attendees FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY firm_isolation ON calendar_event_attendees TO matterhorn_app
  USING (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid)
  WITH CHECK (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid);
