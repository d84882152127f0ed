-- How many matters or clients a search term matches decides a searched page's plan: a common term
-- walks the live index in list order, a rare one reads its trigram matches and sorts them. The
-- planner estimates that share by trying the term on the column's histogram; with 100 entries a
-- term on 1% of the rows (the benchmark's "kestrel") is missing from it one ANALYZE in three, is
-- then taken for one in ten thousand, and the page reads and sorts all 1,919 matches (the search's
-- throughput fell by a third in those runs). With 300 entries that happens about one time in
-- twenty, for 0.06 ms more planning (500 entries cost 0.17 ms).
ALTER TABLE matters ALTER COLUMN search_text SET STATISTICS 300;--> statement-breakpoint
ALTER TABLE clients ALTER COLUMN search_text SET STATISTICS 300;--> statement-breakpoint
ANALYZE matters;--> statement-breakpoint
ANALYZE clients;
