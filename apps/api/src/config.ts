import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { DOCUMENT_DEFAULT_MAX_BYTES, type PlanCatalogue } from '@matterhorn/shared';
import { z } from 'zod';
import type { DatabaseTimeouts } from './db/database.ts';
import { isDatabaseUrl } from './db/multi-host.ts';
import type { FileStoreSettings } from './platform/files/files.ts';
import type { S3Settings } from './platform/files/s3-file-store.ts';
import { DEFAULT_ZIP_LIMITS, type ZipLimits } from './platform/files/zip-guard.ts';
import { DEFAULT_PLANS_FILE, readPlanCatalogue } from './modules/subscriptions/plan-catalogue.ts';

const booleanText = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'])
  .transform((value) => ['true', '1', 'yes', 'on'].includes(value));

const environmentSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  // libpq's multi-host form (host1:5432,host2:5432) is no WHATWG URL: checked by the parser the pool uses.
  DATABASE_URL: z.string().refine(isDatabaseUrl, 'DATABASE_URL must be a postgres:// URL, with one host or several').optional(),
  DATABASE_REPLICA_URL: z.string().url().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(1000).optional(),
  DATABASE_PREPARED_STATEMENTS: booleanText.default(false),
  DATABASE_STATEMENT_TIMEOUT_SECONDS: z.coerce.number().int().min(0).default(30),
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_SECONDS: z.coerce.number().int().min(0).default(30),
  UPLOAD_IDLE_TIMEOUT_SECONDS: z.coerce.number().positive().default(20),
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().min(0).default(10),
  APP_URL: z.string().url().optional(),
  APP_SECRET: z.string().min(32, 'APP_SECRET must be at least 32 characters').optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Matterhorn <no-reply@matterhorn.local>'),
  EMAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(6),
  EMAIL_FIRST_RETRY_SECONDS: z.coerce.number().min(0).default(60),
  DEMO_PASSWORD: z.string().min(12, 'DEMO_PASSWORD must be at least 12 characters').default('Matterhorn-demo-2026'),
  SEED_DEMO: booleanText.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: booleanText.default(false),
  WEB_DIST_DIR: z.string().optional(),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  S3_BUCKET: z.string().optional(),
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: booleanText.optional(),
  JOBS_ENABLED: booleanText.default(true),
  DOCUMENT_MAX_BYTES: z.coerce.number().int().min(1).optional(),
  CLAMD_URL: z
    .string()
    .regex(/^tcp:\/\/[^:/]+:\d+$/, 'CLAMD_URL must look like tcp://host:3310')
    .optional(),
  OCR_ENABLED: booleanText.default(true),
  DOCUMENT_WORKER_MEMORY_MB: z.coerce.number().int().min(64).default(512),
  // OCR of a 20-page scan takes minutes on a small server; a file still being read after this is given up.
  DOCUMENT_WORKER_TIMEOUT_SECONDS: z.coerce.number().int().min(1).default(600),
  /** LibreOffice's soffice: a Word document becomes a PDF exactly as Word lays it out; unset, mammoth and pdfkit set it (ADR 84). */
  SOFFICE_PATH: z.string().min(1).optional(),
  /** The plan catalogue (issue 38): a JSON file the operator edits; apps/api/config/plans.json when unset. */
  PLANS_FILE: z.string().min(1).optional(),
  /** Matterhorn's own merchant accounts, that firms pay their subscriptions to (not the portal's). */
  SUBSCRIPTION_PAYSTACK_SECRET_KEY: z.string().min(1).optional(),
  SUBSCRIPTION_PAYSTACK_API_URL: z.string().url().default('https://api.paystack.co'),
  SUBSCRIPTION_STRIPE_SECRET_KEY: z.string().min(1).optional(),
  SUBSCRIPTION_STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  SUBSCRIPTION_STRIPE_API_URL: z.string().url().optional(),
  PAYSTACK_SECRET_KEY: z.string().min(1).optional(),
  PAYSTACK_API_URL: z.string().url().default('https://api.paystack.co'),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  STRIPE_API_URL: z.string().url().optional(),
  /** Client updates by SMS and WhatsApp (ADR 89): each provider is off until its keys are set. */
  TERMII_API_KEY: z.string().min(1).optional(),
  TERMII_SECRET_KEY: z.string().min(1).optional(),
  TERMII_SENDER_ID: z.string().min(1).optional(),
  TERMII_SMS_CHANNEL: z.enum(['dnd', 'generic']).default('dnd'),
  TERMII_WHATSAPP_SENDER: z.string().min(1).optional(),
  TERMII_API_URL: z.string().url().default('https://api.ng.termii.com'),
  TWILIO_ACCOUNT_SID: z.string().min(1).optional(),
  TWILIO_AUTH_TOKEN: z.string().min(1).optional(),
  TWILIO_SMS_FROM: z.string().min(1).optional(),
  TWILIO_WHATSAPP_FROM: z.string().min(1).optional(),
  TWILIO_API_URL: z.string().url().default('https://api.twilio.com'),
  /** Backups (issue 65, ADR 97): the operator's age key, where backups go, when, and how many are kept. */
  BACKUP_KEY: z.string().startsWith('AGE-SECRET-KEY-1', 'BACKUP_KEY must be an age identity (AGE-SECRET-KEY-1…)').optional(),
  BACKUP_KEY_FILE: z.string().min(1).optional(),
  BACKUP_DIR: z.string().min(1).optional(),
  BACKUP_S3_BUCKET: z.string().optional(),
  BACKUP_S3_PREFIX: z.string().default(''),
  BACKUP_S3_ENDPOINT: z.string().url().optional(),
  BACKUP_S3_REGION: z.string().default('us-east-1'),
  BACKUP_S3_ACCESS_KEY_ID: z.string().optional(),
  BACKUP_S3_SECRET_ACCESS_KEY: z.string().optional(),
  BACKUP_S3_FORCE_PATH_STYLE: booleanText.optional(),
  BACKUPS_SCHEDULED: booleanText.default(true),
  BACKUP_HOUR_UTC: z.coerce.number().int().min(0).max(23).default(1),
  BACKUP_DRILL_WEEKDAY: z.coerce.number().int().min(0).max(6).default(0),
  BACKUP_RETENTION: z
    .string()
    .regex(/^\d+,\d+,\d+$/, 'BACKUP_RETENTION must be daily,weekly,monthly counts, such as 7,4,12')
    .default('7,4,12'),
});

export type AppConfig = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /**
   * A streaming read replica of DATABASE_URL (ADR 53): reports, exports and the dashboard read from it
   * whenever it has replayed everything the primary had committed when the request began.
   */
  databaseReplicaUrl: string | undefined;
  /**
   * Connections to DATABASE_URL. Default: 2 × this machine's cores + 1, PostgreSQL's rule of thumb:
   * more connections than the database can run at once only queue inside it, where the kernel
   * time-slices them, and the slowest requests get slower (on 2 cores, 10 connections instead of 5
   * took a client list's p99 from 24 to 33 ms at the same throughput).
   */
  databasePoolSize: number;
  /**
   * Named prepared statements on DATABASE_URL: PostgreSQL parses each query shape once per
   * connection. Only for a server reached directly or through a session-mode pooler.
   */
  databasePreparedStatements: boolean;
  /**
   * A second line of defence on DATABASE_URL's request connections (0: off): a statement running
   * longer, or a transaction left idle longer (a request that stopped halfway), is ended by
   * PostgreSQL and its connection returned, so a stuck request cannot hold the pool.
   */
  databaseTimeouts: DatabaseTimeouts;
  /** An upload that sends nothing for this long is answered 408. */
  uploadIdleTimeoutMs: number;
  /** On SIGTERM, how long requests under way may take to finish before the process exits anyway. */
  shutdownGraceMs: number;
  appUrl: string;
  appSecret: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** The outbox's retries: this many sends, the first retry after this long, each next one twice as long. */
  emailRetry: { maxAttempts: number; firstRetryMs: number };
  demoPassword: string;
  seedDemo: boolean;
  logLevel: z.infer<typeof environmentSchema>['LOG_LEVEL'];
  trustProxy: boolean;
  webDistDir: string | null;
  /** Where uploaded files live: DATA_DIR/files, or an S3-compatible bucket when S3_BUCKET is set. */
  files: FileStoreSettings;
  /** Auth rate limits; tests lower or raise them. */
  loginAttemptsPerAccount: number;
  authRequestsPerMinutePerAddress: number;
  /** Whether this process runs the job queue (hearing reminders): pg-boss on DATABASE_URL, else a timer. */
  jobsEnabled: boolean;
  /** Documents: the upload limit, the ClamAV daemon every upload is scanned by (none: not scanned), OCR by Tesseract. */
  documents: {
    maxUploadBytes: number;
    clamdUrl: string | null;
    isOcrEnabled: boolean;
  };
  /** The worker that reads, OCRs and merges files: its heap, how long one file may take, what a zip's entries may inflate to. */
  documentWorker: { memoryMb: number; timeoutMs: number; zipLimits: ZipLimits; sofficePath?: string | null };
  /** Online payments from the portal: Paystack for naira, Stripe for other currencies; neither when unset. */
  payments: PaymentGatewaySettings;
  /** The plans firms subscribe to, read and checked once at start. */
  planCatalogue: PlanCatalogue;
  /** What firms pay their subscriptions through: the operator's own Paystack (naira) and Stripe (dollars) accounts. */
  subscriptionPayments: PaymentGatewaySettings;
  /** Client updates by SMS and WhatsApp: Termii and Twilio, each off when unset (ADR 89). */
  clientMessaging: ClientMessagingSettings;
  /** Backups of the database and every stored file (issue 65, ADR 97). */
  backups: BackupSettings;
};

export type BackupSettings = {
  /**
   * The operator's age identity: backups are encrypted to its recipient and restored with it. From
   * BACKUP_KEY or BACKUP_KEY_FILE; without either, one made at the first backup in
   * DATA_DIR/backup-key.txt (never in the backup folder), which Settings › Backups tells the owner to copy away.
   */
  key: { identity: string } | { file: string; isMadeWhenMissing: boolean };
  /** Where backups go: a folder (default: a backups folder beside DATA_DIR), or a bucket when BACKUP_S3_BUCKET is set. */
  destination: { folder: string } | { s3: S3Settings; prefix: string };
  /** Whether this process runs the daily backup and weekly drill (with the other jobs); "Back up now" works either way. */
  isScheduled: boolean;
  hourUtc: number;
  drillWeekday: number;
  retention: { daily: number; weekly: number; monthly: number };
};

/**
 * A provider's sender per channel (null: that channel is off with it). apiUrl: tests point it at
 * a local server that implements the provider's documented API.
 */
export type ClientMessagingSettings = {
  termii: {
    apiKey: string;
    secretKey: string;
    smsSender: string | null;
    smsChannel: 'dnd' | 'generic';
    whatsappSender: string | null;
    apiUrl: string;
  } | null;
  twilio: { accountSid: string; authToken: string; smsFrom: string | null; whatsappFrom: string | null; apiUrl: string } | null;
  /** How often a message whose hand-over failed is tried, and the first wait (doubled each time). */
  retry: { maxAttempts: number; firstDelaySeconds: number };
};

export type PaymentGatewaySettings = {
  paystack: { secretKey: string; apiUrl: string } | null;
  /** apiUrl: Stripe's API elsewhere than api.stripe.com (tests point it at a local server). */
  stripe: { secretKey: string; webhookSecret: string; apiUrl: string | null } | null;
};

/**
 * Reads the environment once. Without APP_SECRET a random secret is kept in DATA_DIR so that a
 * laptop install keeps its sessions across restarts; replicas must share an explicit APP_SECRET.
 */
export function loadConfig(environment: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = environmentSchema.safeParse(environment);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`Invalid configuration: ${issue?.path.join('.')}: ${issue?.message}`);
  }
  const env = parsed.data;
  const dataDir = resolve(env.DATA_DIR);
  const webDist = resolve(env.WEB_DIST_DIR ?? join(import.meta.dirname, '../../web/dist'));
  return {
    port: env.PORT,
    host: env.HOST,
    dataDir,
    databaseUrl: env.DATABASE_URL,
    databaseReplicaUrl: env.DATABASE_URL ? env.DATABASE_REPLICA_URL : undefined,
    databasePoolSize: env.DATABASE_POOL_SIZE ?? defaultDatabasePoolSize(),
    databasePreparedStatements: env.DATABASE_PREPARED_STATEMENTS,
    databaseTimeouts: {
      statementMs: env.DATABASE_STATEMENT_TIMEOUT_SECONDS * 1000,
      idleInTransactionMs: env.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_SECONDS * 1000,
    },
    uploadIdleTimeoutMs: env.UPLOAD_IDLE_TIMEOUT_SECONDS * 1000,
    shutdownGraceMs: env.SHUTDOWN_GRACE_SECONDS * 1000,
    appUrl: (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    appSecret: env.APP_SECRET ?? readOrCreateSecret(dataDir),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM,
    emailRetry: { maxAttempts: env.EMAIL_MAX_ATTEMPTS, firstRetryMs: env.EMAIL_FIRST_RETRY_SECONDS * 1000 },
    demoPassword: env.DEMO_PASSWORD,
    seedDemo: env.SEED_DEMO,
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY,
    webDistDir: existsSync(join(webDist, 'index.html')) ? webDist : null,
    files: { dataDir, s3: s3SettingsOf(env) },
    loginAttemptsPerAccount: 5,
    authRequestsPerMinutePerAddress: env.AUTH_RATE_LIMIT_PER_MINUTE,
    jobsEnabled: env.JOBS_ENABLED,
    documents: {
      maxUploadBytes: env.DOCUMENT_MAX_BYTES ?? DOCUMENT_DEFAULT_MAX_BYTES,
      clamdUrl: env.CLAMD_URL ?? null,
      isOcrEnabled: env.OCR_ENABLED,
    },
    documentWorker: {
      memoryMb: env.DOCUMENT_WORKER_MEMORY_MB,
      timeoutMs: env.DOCUMENT_WORKER_TIMEOUT_SECONDS * 1000,
      zipLimits: DEFAULT_ZIP_LIMITS,
      sofficePath: env.SOFFICE_PATH ?? null,
    },
    payments: paymentSettingsOf(env),
    backups: backupSettingsOf(env, dataDir),
    planCatalogue: readPlanCatalogue(env.PLANS_FILE ?? DEFAULT_PLANS_FILE),
    subscriptionPayments: gatewaySettingsOf('SUBSCRIPTION_', {
      paystackKey: env.SUBSCRIPTION_PAYSTACK_SECRET_KEY,
      paystackUrl: env.SUBSCRIPTION_PAYSTACK_API_URL,
      stripeKey: env.SUBSCRIPTION_STRIPE_SECRET_KEY,
      stripeWebhookSecret: env.SUBSCRIPTION_STRIPE_WEBHOOK_SECRET,
      stripeUrl: env.SUBSCRIPTION_STRIPE_API_URL,
    }),
    clientMessaging: clientMessagingOf(env),
  };
}

/** Termii needs its secret key too: without it no delivery report could be verified. */
function clientMessagingOf(env: z.infer<typeof environmentSchema>): ClientMessagingSettings {
  if (env.TERMII_API_KEY && !env.TERMII_SECRET_KEY)
    throw new Error('Invalid configuration: TERMII_SECRET_KEY is required with TERMII_API_KEY');
  if (env.TWILIO_ACCOUNT_SID && !env.TWILIO_AUTH_TOKEN)
    throw new Error('Invalid configuration: TWILIO_AUTH_TOKEN is required with TWILIO_ACCOUNT_SID');
  return {
    termii:
      env.TERMII_API_KEY && env.TERMII_SECRET_KEY
        ? {
            apiKey: env.TERMII_API_KEY,
            secretKey: env.TERMII_SECRET_KEY,
            smsSender: env.TERMII_SENDER_ID ?? null,
            smsChannel: env.TERMII_SMS_CHANNEL,
            whatsappSender: env.TERMII_WHATSAPP_SENDER ?? null,
            apiUrl: env.TERMII_API_URL.replace(/\/$/, ''),
          }
        : null,
    twilio:
      env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN
        ? {
            accountSid: env.TWILIO_ACCOUNT_SID,
            authToken: env.TWILIO_AUTH_TOKEN,
            smsFrom: env.TWILIO_SMS_FROM ?? null,
            whatsappFrom: env.TWILIO_WHATSAPP_FROM ?? null,
            apiUrl: env.TWILIO_API_URL.replace(/\/$/, ''),
          }
        : null,
    retry: { maxAttempts: 5, firstDelaySeconds: 60 },
  };
}

/** The portal's gateways. */
const paymentSettingsOf = (env: z.infer<typeof environmentSchema>): PaymentGatewaySettings =>
  gatewaySettingsOf('', {
    paystackKey: env.PAYSTACK_SECRET_KEY,
    paystackUrl: env.PAYSTACK_API_URL,
    stripeKey: env.STRIPE_SECRET_KEY,
    stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET,
    stripeUrl: env.STRIPE_API_URL,
  });

/** A Stripe key needs its webhook's signing secret: without it no payment could ever be recorded. */
function gatewaySettingsOf(
  prefix: string,
  keys: { paystackKey?: string; paystackUrl: string; stripeKey?: string; stripeWebhookSecret?: string; stripeUrl?: string },
): PaymentGatewaySettings {
  if (keys.stripeKey && !keys.stripeWebhookSecret)
    throw new Error(`Invalid configuration: ${prefix}STRIPE_WEBHOOK_SECRET is required with ${prefix}STRIPE_SECRET_KEY`);
  return {
    paystack: keys.paystackKey ? { secretKey: keys.paystackKey, apiUrl: keys.paystackUrl.replace(/\/$/, '') } : null,
    stripe:
      keys.stripeKey && keys.stripeWebhookSecret
        ? { secretKey: keys.stripeKey, webhookSecret: keys.stripeWebhookSecret, apiUrl: keys.stripeUrl ?? null }
        : null,
  };
}

/** A bucket's settings; a store of its own (an endpoint) is addressed by path unless told otherwise. */
function s3SettingsOf(env: z.infer<typeof environmentSchema>): S3Settings | null {
  if (!env.S3_BUCKET) return null;
  return {
    bucket: env.S3_BUCKET,
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    forcePathStyle: env.S3_FORCE_PATH_STYLE ?? env.S3_ENDPOINT !== undefined,
  };
}

function backupSettingsOf(env: z.infer<typeof environmentSchema>, dataDir: string): BackupSettings {
  const [daily, weekly, monthly] = env.BACKUP_RETENTION.split(',').map(Number) as [number, number, number];
  const s3 = env.BACKUP_S3_BUCKET
    ? {
        bucket: env.BACKUP_S3_BUCKET,
        endpoint: env.BACKUP_S3_ENDPOINT,
        region: env.BACKUP_S3_REGION,
        accessKeyId: env.BACKUP_S3_ACCESS_KEY_ID,
        secretAccessKey: env.BACKUP_S3_SECRET_ACCESS_KEY,
        forcePathStyle: env.BACKUP_S3_FORCE_PATH_STYLE ?? env.BACKUP_S3_ENDPOINT !== undefined,
      }
    : null;
  return {
    key: env.BACKUP_KEY
      ? { identity: env.BACKUP_KEY }
      : env.BACKUP_KEY_FILE
        ? { file: resolve(env.BACKUP_KEY_FILE), isMadeWhenMissing: false }
        : { file: join(dataDir, 'backup-key.txt'), isMadeWhenMissing: true },
    destination: s3 ? { s3, prefix: env.BACKUP_S3_PREFIX } : { folder: resolve(env.BACKUP_DIR ?? join(dataDir, '..', 'backups')) },
    isScheduled: env.BACKUPS_SCHEDULED,
    hourUtc: env.BACKUP_HOUR_UTC,
    drillWeekday: env.BACKUP_DRILL_WEEKDAY,
    retention: { daily, weekly, monthly },
  };
}

/** PostgreSQL's rule of thumb for a database on this machine: 2 × cores + 1 connections. */
export const defaultDatabasePoolSize = () => 2 * availableParallelism() + 1;

function readOrCreateSecret(dataDir: string): string {
  const file = join(dataDir, 'app-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
