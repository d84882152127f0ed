/** True when PostgreSQL refused a write for a unique index (SQLSTATE 23505), however wrapped. */
export function isUniqueViolation(error: unknown): boolean {
  for (let current = error as { code?: string; cause?: unknown } | undefined; current; current = current.cause as typeof current) {
    if (current.code === '23505') return true;
  }
  return false;
}

/** Whether PostgreSQL refused a write with this SQLSTATE for the named constraint, however wrapped. */
function isViolationOf(error: unknown, sqlState: string, constraint: string): boolean {
  for (
    let current = error as { code?: string; constraint?: string; cause?: unknown } | undefined;
    current;
    current = current.cause as typeof current
  ) {
    if (current.code === sqlState && current.constraint === constraint) return true;
  }
  return false;
}

/** True when PostgreSQL refused a write for the named unique constraint (SQLSTATE 23505). */
export const isUniqueViolationOf = (error: unknown, constraint: string) => isViolationOf(error, '23505', constraint);

/** True when PostgreSQL refused a write for the named CHECK constraint (SQLSTATE 23514). */
export const isCheckViolation = (error: unknown, constraint: string) => isViolationOf(error, '23514', constraint);

/** Node's socket errors when the database cannot be reached or drops the connection. */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);
/**
 * PostgreSQL's own: class 08 (connection exception, and no host of a multi-host DATABASE_URL taking
 * writes), 57P01–57P03 (shut down, crashed, starting up), 53300 (too many connections) and 25006
 * (read_only_sql_transaction: during a failover a connection can reach a server that is still a
 * standby; the app's own read-only transactions never write). The messages are pg's and PGlite's,
 * which carry no code.
 */
const UNAVAILABLE_STATES = /^(08...|57P0[1-3]|53300|25006)$/;
const UNAVAILABLE_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|PGlite is closed|database "[^"]*" is not currently accepting connections)/;

/** True when a failure means the database is out of reach (an outage to retry), however wrapped. */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  for (let current = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown } | undefined; current;) {
    if (seen.has(current)) return false;
    seen.add(current);
    const code = typeof current.code === 'string' ? current.code : '';
    if (UNREACHABLE_CODES.has(code) || UNAVAILABLE_STATES.test(code)) return true;
    if (typeof current.message === 'string' && UNAVAILABLE_MESSAGES.test(current.message)) return true;
    // A host with several addresses fails with an AggregateError of one refusal each.
    if (Array.isArray(current.errors) && current.errors.some((inner) => isDatabaseUnavailable(inner))) return true;
    current = current.cause as typeof current;
  }
  return false;
}
