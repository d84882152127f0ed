-- The recycle bin (issue 39). Deleting a client or a matter marks its children with the same moment,
-- so lists, reports and the portal hide them; a purge deletes for good only what is in the bin.
-- The app role gains DELETE on the tables it could only mark before, but a restrictive policy lets
-- it remove a row only once it is deleted (or, for a part of a record, once its record is): a bug
-- or a forged request can never delete a live note or an issued invoice. Expenses and flat fees are
-- money records the app role never deletes: only recycle_bin_purge_billables() below removes them,
-- and only those in the bin and on no invoice.
GRANT DELETE ON progress_notes, progress_note_attachments, court_updates, hearing_reminders,
  invoices, invoice_events, invoice_links TO matterhorn_app;--> statement-breakpoint
CREATE POLICY recycle_bin_purge ON progress_notes AS RESTRICTIVE FOR DELETE TO matterhorn_app USING (deleted_at IS NOT NULL);--> statement-breakpoint
CREATE POLICY recycle_bin_purge ON court_updates AS RESTRICTIVE FOR DELETE TO matterhorn_app USING (deleted_at IS NOT NULL);--> statement-breakpoint
CREATE POLICY recycle_bin_purge ON invoices AS RESTRICTIVE FOR DELETE TO matterhorn_app
  USING (deleted_at IS NOT NULL AND number_value IS NULL);--> statement-breakpoint
CREATE FUNCTION recycle_bin_purge_billables(p_firm_id uuid, p_expense_ids uuid[], p_flat_fee_ids uuid[]) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public AS $$
BEGIN
  -- It runs as its owner, past row-level security: the firm is the request's own, checked here.
  IF p_firm_id IS DISTINCT FROM nullif(current_setting('app.firm_id', true), '')::uuid THEN
    RAISE EXCEPTION 'recycle_bin_purge_billables: not this request''s firm';
  END IF;
  DELETE FROM expense_receipts r USING expenses e
   WHERE e.firm_id = p_firm_id AND e.id = ANY (p_expense_ids) AND e.deleted_at IS NOT NULL AND e.invoice_id IS NULL
     AND r.firm_id = e.firm_id AND r.expense_id = e.id;
  DELETE FROM expenses WHERE firm_id = p_firm_id AND id = ANY (p_expense_ids) AND deleted_at IS NOT NULL AND invoice_id IS NULL;
  DELETE FROM flat_fees WHERE firm_id = p_firm_id AND id = ANY (p_flat_fee_ids) AND deleted_at IS NOT NULL AND invoice_id IS NULL;
END
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION recycle_bin_purge_billables(uuid, uuid[], uuid[]) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION recycle_bin_purge_billables(uuid, uuid[], uuid[]) TO matterhorn_app;--> statement-breakpoint
CREATE POLICY recycle_bin_purge ON progress_note_attachments AS RESTRICTIVE FOR DELETE TO matterhorn_app
  USING (EXISTS (SELECT 1 FROM progress_notes n WHERE n.firm_id = progress_note_attachments.firm_id AND n.id = progress_note_attachments.progress_note_id
    AND n.deleted_at IS NOT NULL));--> statement-breakpoint
CREATE POLICY recycle_bin_purge ON hearing_reminders AS RESTRICTIVE FOR DELETE TO matterhorn_app
  USING (EXISTS (SELECT 1 FROM court_updates u WHERE u.firm_id = hearing_reminders.firm_id AND u.id = hearing_reminders.court_update_id
    AND u.deleted_at IS NOT NULL));--> statement-breakpoint
CREATE POLICY recycle_bin_purge ON invoice_events AS RESTRICTIVE FOR DELETE TO matterhorn_app
  USING (EXISTS (SELECT 1 FROM invoices i WHERE i.firm_id = invoice_events.firm_id AND i.id = invoice_events.invoice_id
    AND i.deleted_at IS NOT NULL AND i.number_value IS NULL));--> statement-breakpoint
CREATE POLICY recycle_bin_purge ON invoice_links AS RESTRICTIVE FOR DELETE TO matterhorn_app
  USING (EXISTS (SELECT 1 FROM invoices i WHERE i.firm_id = invoice_links.firm_id AND i.id = invoice_links.invoice_id
    AND i.deleted_at IS NOT NULL AND i.number_value IS NULL));--> statement-breakpoint
-- Clients and matters deleted before today hid their children through joins; mark them as a deletion now does.
ALTER TABLE time_entries NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE expenses NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE flat_fees NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE progress_notes NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE court_updates NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE documents NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE document_folders NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE matters NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE clients NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
UPDATE matters t SET deleted_at = p.deleted_at, deleted_by_user_id = p.deleted_by_user_id
  FROM clients p WHERE p.firm_id = t.firm_id AND p.id = t.client_id AND p.deleted_at IS NOT NULL AND t.deleted_at IS NULL;--> statement-breakpoint
UPDATE time_entries t SET deleted_at = p.deleted_at, deleted_by_user_id = p.deleted_by_user_id
  FROM matters p WHERE p.firm_id = t.firm_id AND p.id = t.matter_id AND p.deleted_at IS NOT NULL AND t.deleted_at IS NULL;--> statement-breakpoint
UPDATE expenses t SET deleted_at = p.deleted_at, deleted_by_user_id = p.deleted_by_user_id
  FROM matters p WHERE p.firm_id = t.firm_id AND p.id = t.matter_id AND p.deleted_at IS NOT NULL AND t.deleted_at IS NULL;--> statement-breakpoint
UPDATE expenses t SET deleted_at = p.deleted_at, deleted_by_user_id = p.deleted_by_user_id
  FROM clients p WHERE p.firm_id = t.firm_id AND p.id = t.client_id AND p.deleted_at IS NOT NULL AND t.deleted_at IS NULL;--> statement-breakpoint
UPDATE flat_fees t SET deleted_at = p.deleted_at, deleted_by_user_id = p.deleted_by_user_id
  FROM matters p WHERE p.firm_id = t.firm_id AND p.id = t.matter_id AND p.deleted_at IS NOT NULL AND t.deleted_at IS NULL;--> statement-breakpoint
UPDATE progress_notes t SET deleted_at = p.deleted_at, deleted_by_user_id = p.deleted_by_user_id
  FROM matters p WHERE p.firm_id = t.firm_id AND p.id = t.matter_id AND p.deleted_at IS NOT NULL AND t.deleted_at IS NULL;--> statement-breakpoint
UPDATE court_updates t SET deleted_at = p.deleted_at, deleted_by_user_id = p.deleted_by_user_id
  FROM matters p WHERE p.firm_id = t.firm_id AND p.id = t.matter_id AND p.deleted_at IS NOT NULL AND t.deleted_at IS NULL;--> statement-breakpoint
UPDATE documents t SET deleted_at = p.deleted_at, deleted_by_user_id = p.deleted_by_user_id
  FROM matters p WHERE p.firm_id = t.firm_id AND p.id = t.matter_id AND p.deleted_at IS NOT NULL AND t.deleted_at IS NULL;--> statement-breakpoint
UPDATE documents t SET deleted_at = p.deleted_at, deleted_by_user_id = p.deleted_by_user_id
  FROM clients p WHERE p.firm_id = t.firm_id AND p.id = t.client_id AND p.deleted_at IS NOT NULL AND t.deleted_at IS NULL;--> statement-breakpoint
UPDATE document_folders t SET deleted_at = p.deleted_at, deleted_by_user_id = p.deleted_by_user_id
  FROM matters p WHERE p.firm_id = t.firm_id AND p.id = t.matter_id AND p.deleted_at IS NOT NULL AND t.deleted_at IS NULL;--> statement-breakpoint
UPDATE document_folders t SET deleted_at = p.deleted_at, deleted_by_user_id = p.deleted_by_user_id
  FROM clients p WHERE p.firm_id = t.firm_id AND p.id = t.client_id AND p.deleted_at IS NOT NULL AND t.deleted_at IS NULL;--> statement-breakpoint
ALTER TABLE time_entries FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE expenses FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE flat_fees FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE progress_notes FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE court_updates FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE documents FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE document_folders FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE matters FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE clients FORCE ROW LEVEL SECURITY;
