-- A lead's timeline is written once and never changed, except by erasure (NDPA 2023 s. 34): once the
-- lead itself is anonymised, its events' sentences and notes may be replaced, nothing else.
GRANT UPDATE (summary, body) ON lead_events TO matterhorn_app;--> statement-breakpoint
CREATE POLICY erased_lead_only ON lead_events AS RESTRICTIVE FOR UPDATE TO matterhorn_app
  USING (EXISTS (SELECT 1 FROM leads l WHERE l.firm_id = lead_events.firm_id AND l.id = lead_events.lead_id
    AND l.display_name = 'Erased lead' AND l.email IS NULL AND l.submission IS NULL));
