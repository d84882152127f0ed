import { createHash } from 'node:crypto';
import pg from 'pg';

/** Named statements one connection keeps at most; further query shapes run unnamed. */
const MAX_NAMED_STATEMENTS = 2000;

/**
 * A connection that prepares every query shape once, under a name hashed from its text, so
 * PostgreSQL parses it once per connection. Worth it for a server reached directly or through a
 * session-mode pooler; a transaction-mode pooler (PgBouncer's default) hands each transaction
 * another server connection that does not know the name, so it is off unless
 * DATABASE_PREPARED_STATEMENTS says otherwise.
 */
export class PreparingClient extends pg.Client {
  private readonly namedStatements = new Set<string>();

  override query(...args: unknown[]): never {
    const [config] = args;
    if (config && typeof config === 'object' && 'text' in config && !('name' in config && config.name)) {
      const text = String((config as { text: unknown }).text);
      const name = `q_${createHash('sha1').update(text).digest('base64url')}`;
      if (this.namedStatements.has(name) || this.namedStatements.size < MAX_NAMED_STATEMENTS) {
        this.namedStatements.add(name);
        args[0] = { ...config, name };
      }
    }
    return (super.query as (...queryArgs: unknown[]) => never)(...args);
  }
}
