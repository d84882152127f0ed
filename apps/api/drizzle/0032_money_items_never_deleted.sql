-- Migrations 0024 and 0028 granted the app role SELECT, INSERT and UPDATE on these tables, but the
-- default privileges of 0001 had already given it DELETE: take it back, so a delete is only ever soft.
REVOKE DELETE, TRUNCATE ON flat_fees, expense_categories, expenses, expense_receipts FROM matterhorn_app;
