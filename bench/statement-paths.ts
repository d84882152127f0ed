/** The API list paths the statement server (statement-server.ts) answers, as the route does: a scenario on another path has no statement row. */
export const STATEMENT_PATH = {
  timeEntries: '/api/admin/time-entry',
  timeEntryTotals: '/api/admin/time-entry/get-totals',
  trustLedger: '/api/admin/trust-account/get-client-ledger',
  trustBalance: '/api/admin/trust-account/get-trust-balance',
  invoices: '/api/admin/invoice/get-invoice-list',
  flatFees: '/api/admin/expense-flat-fees-info/get-flat-fees-list',
  clients: '/api/admin/client-info/get-clients-list',
  matters: '/api/admin/matter-master/get-matter-list',
} as const;

export const STATEMENT_PATHS: ReadonlySet<string> = new Set(Object.values(STATEMENT_PATH));
