CREATE TABLE "timers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"matter_id" uuid,
	"description" text DEFAULT '' NOT NULL,
	"is_current" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "timers_firm_id_key" UNIQUE("firm_id","id")
);
--> statement-breakpoint
ALTER TABLE "timers" ADD CONSTRAINT "timers_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timers" ADD CONSTRAINT "timers_firm_user_fk" FOREIGN KEY ("firm_id","user_id") REFERENCES "public"."users"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timers" ADD CONSTRAINT "timers_firm_matter_fk" FOREIGN KEY ("firm_id","matter_id") REFERENCES "public"."matters"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "timers_user_idx" ON "timers" USING btree ("firm_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "timers_one_current_key" ON "timers" USING btree ("firm_id","user_id") WHERE is_current;--> statement-breakpoint
ALTER TABLE "time_entry_logs" ADD COLUMN "timer_id" uuid;--> statement-breakpoint
-- Each member's one timer becomes their current timer, with what "bill this" set it running for.
ALTER TABLE time_entry_logs NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE timer_subjects NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
INSERT INTO timers (firm_id, user_id, matter_id, description, is_current)
SELECT member.firm_id, member.user_id, subject.matter_id, coalesce(subject.description, ''), true
  FROM (SELECT firm_id, user_id FROM time_entry_logs UNION SELECT firm_id, user_id FROM timer_subjects) member
  LEFT JOIN timer_subjects subject ON subject.firm_id = member.firm_id AND subject.user_id = member.user_id;--> statement-breakpoint
UPDATE time_entry_logs l SET timer_id = t.id FROM timers t WHERE t.firm_id = l.firm_id AND t.user_id = l.user_id AND t.is_current;--> statement-breakpoint
ALTER TABLE time_entry_logs FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "time_entry_logs" ALTER COLUMN "timer_id" SET NOT NULL;--> statement-breakpoint
DROP TABLE "timer_subjects" CASCADE;--> statement-breakpoint
ALTER TABLE "time_entry_logs" ADD CONSTRAINT "time_entry_logs_timer_fk" FOREIGN KEY ("firm_id","timer_id") REFERENCES "public"."timers"("firm_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "time_entry_logs_timer_idx" ON "time_entry_logs" USING btree ("firm_id","timer_id");--> statement-breakpoint
-- A log inserted without its timer goes on the member's current timer, made when none is current:
-- SPEC's start-entry opens its log so. Every change the API makes holds the member's advisory lock;
-- a writer that does not (a script) and races another waits on the one-current index, then takes
-- the timer the other made.
CREATE FUNCTION time_entry_logs_on_current_timer() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  current_timer uuid;
BEGIN
  SELECT id INTO current_timer FROM timers WHERE firm_id = NEW.firm_id AND user_id = NEW.user_id AND is_current;
  IF current_timer IS NULL THEN
    INSERT INTO timers (firm_id, user_id, is_current) VALUES (NEW.firm_id, NEW.user_id, true)
      ON CONFLICT (firm_id, user_id) WHERE is_current DO NOTHING
      RETURNING id INTO current_timer;
  END IF;
  IF current_timer IS NULL THEN
    SELECT id INTO current_timer FROM timers WHERE firm_id = NEW.firm_id AND user_id = NEW.user_id AND is_current;
  END IF;
  NEW.timer_id := current_timer;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER time_entry_logs_current_timer BEFORE INSERT ON time_entry_logs
  FOR EACH ROW WHEN (NEW.timer_id IS NULL) EXECUTE FUNCTION time_entry_logs_on_current_timer();--> statement-breakpoint
-- Each firm's own timers (issue 44).
ALTER TABLE timers ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE timers FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY firm_isolation ON timers TO matterhorn_app
  USING (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid)
  WITH CHECK (firm_id = nullif(current_setting('app.firm_id', true), '')::uuid);
