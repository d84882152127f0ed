-- Leads and intake forms go to the recycle bin (ADR 88). A lead's timeline stays append-only for
-- the app role, except that a purge may remove the events of a lead already in the bin; leads and
-- forms themselves may be removed only once deleted, so a bug or a forged request can never delete
-- a live lead or form (as migration 0080 does for the bin's other records).
GRANT DELETE ON lead_events TO matterhorn_app;--> statement-breakpoint
CREATE POLICY recycle_bin_purge ON lead_events AS RESTRICTIVE FOR DELETE TO matterhorn_app
  USING (EXISTS (SELECT 1 FROM leads l WHERE l.firm_id = lead_events.firm_id AND l.id = lead_events.lead_id AND l.deleted_at IS NOT NULL));--> statement-breakpoint
CREATE POLICY recycle_bin_purge ON leads AS RESTRICTIVE FOR DELETE TO matterhorn_app USING (deleted_at IS NOT NULL);--> statement-breakpoint
CREATE POLICY recycle_bin_purge ON intake_forms AS RESTRICTIVE FOR DELETE TO matterhorn_app USING (deleted_at IS NOT NULL);
