-- Partial indexes for the client and matter lists (issue 3, "Speed"): a page in created order reads
-- live rows straight from an index, and a matter's client is checked against the few deleted clients.
create index clients_firm_live_idx on clients (firm_id, created_at desc, id desc) include (client_type, status) where deleted_at is null;
--> statement-breakpoint
create index clients_firm_deleted_idx on clients (firm_id, id) where deleted_at is not null;
--> statement-breakpoint
create index matters_firm_live_idx on matters (firm_id, created_at desc, id desc) include (client_id, status, billing_type) where deleted_at is null;
