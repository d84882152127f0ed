import type pg from 'pg';
import { connectionOptionsOf, parseMultiHostUrl } from '../../db/multi-host.ts';

/** A connection of its own to DATABASE_URL (pg_dump's snapshot, a restore's checks): to the primary when the URL names several hosts. */
export function openClient(databaseUrl: string): pg.Client {
  const { connectionString, Client } = connectionOptionsOf(databaseUrl);
  const client = new Client({ connectionString });
  // A connection ended under it (the server restarting) fails its query, not the process.
  client.on('error', () => undefined);
  return client;
}

/** The single-host URL of the host a connected client reached: a multi-host URL's primary, else the URL itself. */
export function urlOfConnectedHost(databaseUrl: string, client: pg.Client): string {
  const hosts = parseMultiHostUrl(databaseUrl)?.hostUrls ?? [databaseUrl];
  return hosts.find((host) => new URL(host).hostname === client.host && Number(new URL(host).port || 5432) === client.port) ?? hosts[0]!;
}
