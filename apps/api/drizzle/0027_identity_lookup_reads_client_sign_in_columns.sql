-- The identity-lookup role (matterhorn_auth) signs clients in before their firm is known, so it
-- sees clients of every firm: it now reads only what portal sign-in and sign-up match on — the
-- client's id, firm, email, portal switch and deletion — and none of their names, addresses,
-- phones, notes or custom fields. A column-level grant rather than a view: the role keeps reading
-- the table itself (a view would run as its owner, whom forced row-level security shows nothing),
-- and any other column is refused by PostgreSQL.
REVOKE SELECT ON clients FROM matterhorn_auth;--> statement-breakpoint
GRANT SELECT (id, firm_id, email, is_portal_enabled, deleted_at) ON clients TO matterhorn_auth;
