-- The period lock (issue 36): once an administrator closes the books through a day, no journal
-- entry may be dated on or before it, whichever module posts it (an invoice issued, a payment, an expense,
-- a trust movement, a manual journal, a reversal); corrections go into an open period. The database
-- refuses it, so no code path can post into a closed period.
ALTER TABLE "firms" ADD COLUMN "books_closed_through" date;--> statement-breakpoint
-- FOR KEY SHARE: closing the books takes the firm row FOR UPDATE, so it waits for postings already reading
-- the old date, and a posting that starts meanwhile reads the new one (the entry's foreign key to the firm
-- takes the same lock anyway). The error names its constraint and carries the date in DETAIL, so the API
-- answers 409 in words instead of a 500.
CREATE FUNCTION journal_entry_in_open_period() RETURNS trigger
LANGUAGE plpgsql SET search_path = pg_catalog, public AS $$
DECLARE
  v_closed_through date;
BEGIN
  SELECT books_closed_through INTO v_closed_through FROM firms WHERE id = NEW.firm_id FOR KEY SHARE;
  IF v_closed_through IS NOT NULL AND NEW.entry_date <= v_closed_through THEN
    RAISE EXCEPTION 'The books are closed through %: journal entries dated on or before it are refused', v_closed_through
      USING ERRCODE = 'check_violation', CONSTRAINT = 'journal_entries_books_closed', DETAIL = to_char(v_closed_through, 'YYYY-MM-DD');
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER journal_entries_books_closed BEFORE INSERT ON journal_entries
  FOR EACH ROW EXECUTE FUNCTION journal_entry_in_open_period();
