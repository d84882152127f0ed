CREATE TABLE "timer_subjects" (
	"firm_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"matter_id" uuid NOT NULL,
	"description" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "timer_subjects_firm_id_user_id_pk" PRIMARY KEY("firm_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "timer_subjects" ADD CONSTRAINT "timer_subjects_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timer_subjects" ADD CONSTRAINT "timer_subjects_firm_user_fk" FOREIGN KEY ("firm_id","user_id") REFERENCES "public"."users"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timer_subjects" ADD CONSTRAINT "timer_subjects_firm_matter_fk" FOREIGN KEY ("firm_id","matter_id") REFERENCES "public"."matters"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Each firm's own timers' subjects (issue 40).
ALTER TABLE timer_subjects ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE timer_subjects FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY firm_isolation ON timer_subjects TO matterhorn_app
  USING (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid)
  WITH CHECK (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid);
