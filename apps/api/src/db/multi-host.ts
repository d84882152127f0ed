import pg from 'pg';

/**
 * libpq's multi-host DATABASE_URL (`postgres://user@host1:5432,host2:5432/db?target_session_attrs=read-write`),
 * which node-postgres 8 cannot parse (issue brianc/node-postgres#1470; its URL parser throws). A
 * high-availability pair (pg_auto_failover: a primary and a synchronous standby) is named this way, so
 * that after a failover new connections find the promoted standby without a restart or a DNS change.
 * A URL with one host is handed to pg untouched: nothing changes for it.
 */

/** What a connection must offer, as libpq reads target_session_attrs (the two that matter for a primary). */
type SessionAttributes = 'any' | 'read-write';

const SESSION_ATTRIBUTES: Record<string, SessionAttributes> = { any: 'any', 'read-write': 'read-write', primary: 'read-write' };

/** libpq's default connect_timeout is none; a host that is switched off would hold every new connection for minutes. */
const DEFAULT_CONNECT_TIMEOUT_SECONDS = 5;

export type MultiHostUrl = {
  /** One ordinary single-host URL per host, in the order given, without target_session_attrs. */
  hostUrls: string[];
  sessionAttributes: SessionAttributes;
  connectTimeoutMs: number;
};

/** The hosts of a multi-host URL, or null for a URL with one host (pg reads it as it always has). */
export function parseMultiHostUrl(databaseUrl: string): MultiHostUrl | null {
  const match = /^([a-z][a-z0-9+.-]*:\/\/)([^/?#]*)(.*)$/i.exec(databaseUrl);
  if (!match) return null;
  const [, scheme, authority, rest] = match as unknown as [string, string, string, string];
  const at = authority.lastIndexOf('@');
  const hostList = authority.slice(at + 1);
  if (!hostList.includes(',')) return null;
  const tail = new URL(`${scheme}placeholder${rest}`);
  const attributes = tail.searchParams.get('target_session_attrs') ?? 'any';
  const sessionAttributes = SESSION_ATTRIBUTES[attributes];
  if (!sessionAttributes) throw new Error(`DATABASE_URL: target_session_attrs=${attributes} is not supported (any, read-write or primary)`);
  tail.searchParams.delete('target_session_attrs');
  const connectTimeoutSeconds = Number(tail.searchParams.get('connect_timeout') ?? DEFAULT_CONNECT_TIMEOUT_SECONDS);
  const hostUrls = hostList.split(',').map((host) => {
    if (!host) throw new Error('DATABASE_URL: an empty host in the host list');
    return `${scheme}${authority.slice(0, at + 1)}${host}${tail.pathname}${tail.search}${tail.hash}`;
  });
  return { hostUrls, sessionAttributes, connectTimeoutMs: connectTimeoutSeconds > 0 ? connectTimeoutSeconds * 1000 : 0 };
}

/** Whether a DATABASE_URL is one pg or parseMultiHostUrl can read (the configuration's check). */
export function isDatabaseUrl(databaseUrl: string): boolean {
  try {
    const hosts = parseMultiHostUrl(databaseUrl)?.hostUrls ?? [databaseUrl];
    return hosts.every((url) => Boolean(new URL(url).protocol));
  } catch {
    return false;
  }
}

/**
 * The options a pg.Pool or pg.Client takes for a DATABASE_URL: for one host, the URL and the given
 * connection class as before; for several, a class that connects to the first host meeting
 * target_session_attrs (the primary, for read-write).
 */
export function connectionOptionsOf(
  databaseUrl: string,
  Base: typeof pg.Client = pg.Client,
): { connectionString: string; Client: typeof pg.Client } {
  const multiHost = parseMultiHostUrl(databaseUrl);
  if (!multiHost) return { connectionString: databaseUrl, Client: Base };
  return { connectionString: multiHost.hostUrls[0]!, Client: multiHostClientOf(Base, multiHost) };
}

/** Error code of libpq's "could not make a read-write connection": class 08, so callers treat it as an outage. */
const UNABLE_TO_CONNECT = '08001';

function multiHostClientOf(Base: typeof pg.Client, { hostUrls, sessionAttributes, connectTimeoutMs }: MultiHostUrl): typeof pg.Client {
  // The host that answered last is asked first: in steady state a new connection costs one probe, not one per host.
  let preferred = 0;
  const findHost = async (): Promise<{ host: string; port: number }> => {
    const failures: unknown[] = [];
    for (let step = 0; step < hostUrls.length; step += 1) {
      const index = (preferred + step) % hostUrls.length;
      const probe = new pg.Client({ connectionString: hostUrls[index], connectionTimeoutMillis: connectTimeoutMs });
      probe.on('error', () => undefined);
      try {
        await probe.connect();
        if (sessionAttributes === 'read-write') {
          const { rows } = await probe.query<{ isWritable: boolean }>(
            "select not pg_is_in_recovery() and current_setting('transaction_read_only') = 'off' as \"isWritable\"",
          );
          if (!rows[0]?.isWritable) {
            failures.push(new Error(`${probe.host}:${probe.port} is read-only (a standby)`));
            continue;
          }
        }
        preferred = index;
        return { host: probe.host, port: probe.port };
      } catch (error) {
        failures.push(error);
      } finally {
        await probe.end().catch(() => undefined);
      }
    }
    const hosts = hostUrls.map((url) => new URL(url).host).join(', ');
    throw Object.assign(
      new Error(`No host of DATABASE_URL accepts ${sessionAttributes === 'read-write' ? 'writes' : 'connections'} (${hosts})`),
      {
        code: UNABLE_TO_CONNECT,
        errors: failures,
      },
    );
  };

  // pg-pool calls connect(callback); a caller of its own awaits connect(). The probe's answer can be
  // stale only if that host is demoted in the moment between: its connections then end, and the pool opens new ones.
  class MultiHostClient extends Base {
    override connect(): Promise<pg.Client>;
    override connect(callback: (error: Error | null, client?: pg.Client) => void): void;
    override connect(callback?: (error: Error | null, client?: pg.Client) => void): Promise<pg.Client> | void {
      const connected = findHost().then(({ host, port }) => {
        this.host = host;
        this.port = port;
        Object.assign((this as unknown as { connectionParameters: object }).connectionParameters, { host, port });
        return super.connect();
      });
      if (!callback) return connected;
      connected.then(
        () => callback(null, this),
        (error: Error) => callback(error),
      );
    }
  }
  return MultiHostClient;
}
