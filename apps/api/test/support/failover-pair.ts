import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { chownSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { binDirectory, freePort } from './local-postgres.ts';

/**
 * A pg_auto_failover formation of the test's own (Debian's postgresql-15-auto-failover): a monitor,
 * a primary and a synchronous standby (two nodes: the monitor sets synchronous_standby_names to
 * `ANY 1 (…)`, so a commit is acknowledged only once the standby has it), each `pg_autoctl run`
 * as the postgres system user in a temporary directory on ports of its own.
 *
 * `isFast`: the monitor's health checks and the keepers' timeouts shortened for CI, so a dead
 * primary is noticed and its standby promoted in a few seconds; off, pg_auto_failover's defaults,
 * as a production formation runs (a failover then takes about 30–60 s, mostly waiting out the old
 * primary's demote timeout so that two primaries never take writes).
 */
export type FailoverPair = {
  /** Both nodes in libpq's multi-host form, read-write only: what DATABASE_URL is in production. */
  databaseUrl: string;
  nodeUrls: string[];
  /** The node that is primary now (0 or 1), asked of the nodes themselves. */
  findPrimary(): Promise<number>;
  /** Kills the primary's whole node as a power cut would: its pg_autoctl and PostgreSQL, SIGKILL. */
  killPrimary(): Promise<number>;
  /** The monitor's view, for a failure message. */
  showState(): string;
  stop(): void;
};

/** The monitor's settings that decide how soon a failover starts (pgautofailover.*, in milliseconds). */
const FAST_MONITOR_SETTINGS = {
  health_check_period: 1000,
  health_check_timeout: 1000,
  health_check_max_retries: 1,
  health_check_retry_delay: 500,
  node_considered_unhealthy_timeout: 2000,
  // Must exceed the keepers' network_partition_timeout: an isolated primary demotes itself first.
  primary_demote_timeout: 3000,
};
const FAST_NETWORK_PARTITION_SECONDS = 2;

export async function startFailoverPair({ isFast }: { isFast: boolean }): Promise<FailoverPair> {
  const bin = binDirectory();
  const root = mkdtempSync(join(tmpdir(), 'matterhorn-failover-'));
  const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }));
  const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }));
  // pg_autoctl keeps its configuration, state and pid files under the XDG folders: all inside root.
  const folders = { XDG_CONFIG_HOME: join(root, 'config'), XDG_DATA_HOME: join(root, 'share'), XDG_RUNTIME_DIR: join(root, 'run') };
  for (const directory of [root, ...Object.values(folders)]) {
    mkdirSync(directory, { recursive: true, mode: 0o755 });
    chownSync(directory, uid, gid);
  }
  const environment = Object.entries({ ...folders, PATH: `${bin}:${process.env.PATH}`, PGHOST: '127.0.0.1' }).map(
    ([name, value]) => `${name}=${value}`,
  );
  const asPostgres = (args: string[]) => {
    const result = spawnSync('runuser', ['-u', 'postgres', '--', 'env', ...environment, 'pg_autoctl', ...args], { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`pg_autoctl ${args[0]} ${args[1] ?? ''} failed: ${result.stderr || result.stdout}`);
    return result.stdout;
  };
  const services: { pid: number; pgdata: string }[] = [];
  const run = (name: string) => {
    const pgdata = join(root, name);
    const log = openSync(join(root, `${name}.log`), 'a');
    const child = spawn('runuser', ['-u', 'postgres', '--', 'env', ...environment, 'pg_autoctl', 'run', '--pgdata', pgdata], {
      detached: true,
      stdio: ['ignore', log, log],
    });
    child.unref();
    services.push({ pid: child.pid!, pgdata });
  };
  const killNode = (service: { pid: number; pgdata: string }) => {
    try {
      process.kill(-service.pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
    // The postmaster may run in a process group of its own.
    try {
      process.kill(Number(readFileSync(join(service.pgdata, 'postmaster.pid'), 'utf8').split('\n')[0]), 'SIGKILL');
    } catch {
      // Never started, or already gone.
    }
  };
  const stop = () => {
    for (const service of services) killNode(service);
    // Backends left by a killed postmaster end at once; the folder goes once they have.
    spawnSync('sleep', ['0.5']);
    rmSync(root, { recursive: true, force: true });
  };

  const [monitorPort, ...nodePorts] = [await freePort(), await freePort(), await freePort()];
  const common = ['--hostname', '127.0.0.1', '--auth', 'trust', '--no-ssl'];
  try {
    asPostgres(['create', 'monitor', '--pgdata', join(root, 'monitor'), '--pgport', String(monitorPort), ...common]);
    run('monitor');
    const monitorUrl = `postgres://autoctl_node@127.0.0.1:${monitorPort}/pg_auto_failover?sslmode=disable`;
    await untilConnects(`postgres://postgres@127.0.0.1:${monitorPort}/pg_auto_failover`);
    if (isFast) {
      const monitor = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${monitorPort}/pg_auto_failover` });
      await monitor.connect();
      for (const [name, value] of Object.entries(FAST_MONITOR_SETTINGS))
        await monitor.query(`alter system set pgautofailover.${name} = ${value}`);
      await monitor.query('select pg_reload_conf()');
      await monitor.end();
    }
    for (const [index, port] of nodePorts.entries()) {
      const name = `node${index + 1}`;
      const pgdata = join(root, name);
      asPostgres([
        'create',
        'postgres',
        '--pgdata',
        pgdata,
        '--pgport',
        String(port),
        '--name',
        name,
        '--monitor',
        monitorUrl,
        '--dbname',
        'postgres',
        ...common,
      ]);
      if (isFast)
        asPostgres(['config', 'set', '--pgdata', pgdata, 'timeout.network_partition_timeout', String(FAST_NETWORK_PARTITION_SECONDS)]);
      run(name);
    }
  } catch (error) {
    stop();
    throw error;
  }
  const nodeUrls = nodePorts.map((port) => `postgres://postgres@127.0.0.1:${port}/postgres`);
  const showState = () => {
    try {
      return asPostgres(['show', 'state', '--pgdata', join(root, 'monitor')]);
    } catch (error) {
      return String(error);
    }
  };
  const findPrimary = async () => {
    for (const [index, url] of nodeUrls.entries()) if ((await isInRecovery(url)) === false) return index;
    return -1;
  };
  try {
    // Ready once the standby streams synchronously: the monitor then reports primary and secondary.
    await until(() => /\|\s+primary \|\s+primary\n[\s\S]*\|\s+secondary \|\s+secondary/.test(showState()), 90_000);
  } catch (error) {
    const state = showState();
    stop();
    throw new Error(`The pair never came up: ${String(error)}\n${state}`);
  }
  return {
    databaseUrl: `postgres://postgres@${nodePorts.map((port) => `127.0.0.1:${port}`).join(',')}/postgres?target_session_attrs=read-write`,
    nodeUrls,
    findPrimary,
    killPrimary: async () => {
      const primary = await findPrimary();
      if (primary < 0) throw new Error(`No primary to kill:\n${showState()}`);
      killNode(services[primary + 1]!);
      return primary;
    },
    showState,
    stop,
  };
}

async function isInRecovery(url: string): Promise<boolean | null> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    const { rows } = await client.query<{ isInRecovery: boolean }>('select pg_is_in_recovery() as "isInRecovery"');
    return rows[0]!.isInRecovery;
  } catch {
    return null;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function untilConnects(url: string) {
  await until(async () => (await isInRecovery(url)) !== null, 30_000);
}

async function until(condition: () => boolean | Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
