import { createHash } from 'node:crypto';
import path from 'node:path';
import { CAPTCHA_ALPHABET } from './areas/accounts/captcha-font.ts';
import { type LinkedSystemConfig, parseLinkedSystems } from './areas/links/linked-systems.ts';
import { parseDnsServers } from './areas/accounts/sso-domain-proof.ts';
import { parseTrustedProxies } from './http/trusted-proxies.ts';

/** `NODE_ENV`: production is what users deploy; development is `npm start`; test is the test suites. */
export type Mode = 'production' | 'development' | 'test';

/** Server settings, read once from the environment (README "Settings"). */
export interface ServerConfig {
  mode: Mode;
  /** True in production (kept apart from `mode` for the checks that only ask this). */
  production: boolean;
  port: number;
  host: string;
  /**
   * `WORKERS` (default 1): server processes behind the one port (server/cluster.ts). More than
   * one needs PostgreSQL (`DATABASE_URL`): PGlite belongs to one process.
   */
  workers: number;
  /**
   * `DRAIN_TIMEOUT_MS` (default 20 s): on SIGTERM a process stops accepting and lets the requests
   * in flight finish for at most this long before it closes their connections.
   */
  drainTimeoutMs: number;
  /**
   * `HEADERS_TIMEOUT_MS` (default 10 s): a client must send a request's whole head within this
   * (408 and closed otherwise), so slow or stalled clients cannot hold connections for long.
   */
  headersTimeoutMs: number;
  /**
   * `BODY_TIMEOUT_MS` (default 20 s) and `BODY_MIN_RATE` (default 500 bytes/s): a request body
   * may take `bodyTimeoutMs` plus a second for every `bodyMinRate` bytes received (Apache's
   * `RequestReadTimeout body=20,MinRate=500`); a client that falls behind is answered 408 and
   * nothing of its request is done. The whole request stays within 5 minutes (server/serving.ts).
   */
  bodyTimeoutMs: number;
  bodyMinRate: number;
  /**
   * `MAX_REQUESTS_PER_ADDRESS` (default 64): requests one client address may have in progress at
   * once in a server process; more are answered 429 before any work (server/serving.ts).
   */
  maxRequestsPerAddress: number;
  /** PGlite data folder (ignored when databaseUrl is set). */
  dataDir: string;
  /** Where file contents are kept (`FILES_DIR`, default `DATA_DIR/files`). */
  filesDir: string;
  /**
   * `AUDIT_CHECKPOINT_DIR`: the folder of the audit trail's signed checkpoints (the chains' tips
   * kept outside the database: areas/audit/checkpoints.ts), meant for other storage or a log
   * shipper. Default `DATA_DIR/audit-checkpoints` (with PostgreSQL too, beside `FILES_DIR`'s
   * default); null in test mode unless set, so that test servers never write into the checkout's
   * `./data`.
   */
  auditCheckpointDir: string | null;
  /**
   * `AUDIT_SIGNING_KEY_FILE`: the checkpoints' Ed25519 private key (PEM, made on first use, mode
   * 0600); null: `audit-signing-key.pem` in the checkpoint folder's parent (checkpointPlaces).
   */
  auditSigningKeyFile: string | null;
  /** `AUDIT_CHECKPOINT_INTERVAL_MS` (default 15 min): how often a checkpoint is written, once across processes. */
  auditCheckpointIntervalMs: number;
  /** `postgres://…` to use a PostgreSQL server instead of embedded PGlite. */
  databaseUrl: string | undefined;
  /**
   * The live streams (server/areas/live): `LIVE_POLL_MS` (default 1000), how often a process
   * reads the event heads when it does not hear the database; `LIVE_LISTEN=off` when LISTEN is
   * not available (PgBouncer in transaction mode, a pooled endpoint): the processes poll only;
   * `LIVE_MAX_STREAMS` (default 5000) streams per process, 8 per user.
   */
  live: { pollMs: number; listen: boolean; maxStreams: number; perUser: number };
  /**
   * On PostgreSQL, queries run as named prepared statements (planned once per connection) unless
   * `DATABASE_PREPARED_STATEMENTS=off`: for a pooler in transaction mode without prepared-statement
   * support (PgBouncer before 1.21, or without `max_prepared_statements`).
   */
  databasePreparedStatements: boolean;
  /** Folder of the built browser assets (`dist/`). */
  distDir: string;
  /** Origins allowed to call the partner-facing API (chat) cross-origin. */
  corsOrigins: string[];
  /**
   * Shared secret with which other provider systems sign server-to-server calls. No default:
   * without it the integration calls answer 403 in every mode.
   */
  integrationSecret: string | null;
  servicePhone: string;
  serviceWebsite: string;
  /** Largest accepted request body in bytes (uploads have their own limit). */
  bodyLimit: number;
  /** Rate limits are on unless `RATE_LIMITS=off` (tests and benchmarks on one address) turns them off. */
  rateLimits: boolean;
  /**
   * `SESSION_IDLE_MINUTES` (default 30): a session that made no call for this long has ended (598),
   * and the portal signs out a tab whose user did nothing for this long, warning first: the
   * "continuous session" of 21 CFR Part 11 §11.200, after which signing needs both components again.
   */
  sessionIdleMs: number;
  /**
   * `ORDER_COUNT_CAP` (default 10,000): the order list counts at most this many matching orders
   * when it must count them (a keyword); more are shown as "10,000+".
   */
  orderCountCap: number;
  /** Every answer is checked against its contract schema (tests, or `CHECK_ANSWERS=on`; costs time). */
  checkAnswers: boolean;
  /**
   * `TRUSTED_PROXIES`: the proxies in front of the portal whose `X-Forwarded-For` names the client
   * (server/http/trusted-proxies.ts); none by default, so the header is never believed.
   */
  trustedProxies: string[];
  /**
   * `SECOND_FACTOR_KEY`: the AES-256-GCM key (32 bytes, 64 hex digits or base64) that seals the
   * TOTP secrets of second factors in the database (areas/accounts/second-factor-seal.ts). Outside
   * production a fixed development key stands in; in production, unset, nobody can enrol (409).
   */
  secondFactorKey: Buffer | null;
  /** Send Strict-Transport-Security (served over TLS: own certificate or a TLS proxy, `HSTS=on`). */
  hsts: boolean;
  /** PEM files of the server's own TLS certificate and key (`TLS_CERT_FILE`, `TLS_KEY_FILE`). */
  tls: { certFile: string; keyFile: string } | null;
  /** `SMS_GATEWAY_URL`: where text messages are posted; production needs it. */
  smsGatewayUrl: string | null;
  smsGatewayToken: string | null;
  /**
   * `MAIL_HTTP_URL`: where order summaries are posted as JSON to be mailed (a mail service's HTTP
   * API); with `MAIL_HTTP_TOKEN` and `MAIL_FROM`. Without it, development keeps mail in
   * `mail_outbox` and production refuses to email.
   */
  mailHttpUrl: string | null;
  mailHttpToken: string | null;
  mailFrom: string;
  /**
   * `SMTP_URL` (`smtp://user:pass@host:587`, `smtps://…:465`): mail goes through this SMTP server
   * (nodemailer), before `MAIL_HTTP_URL`; needs `MAIL_FROM` (no start without it).
   */
  smtpUrl: string | null;
  /**
   * `PUBLIC_URL` (default `http://localhost:$PORT`): the portal's address as its users open it,
   * for the links in mail (no trailing slash). A production start with a mailer refuses one on
   * this machine's own name.
   */
  publicUrl: string;
  /** `DIGEST_HOUR` (0–23, default 8): when the daily notification digest goes out, China time. */
  digestHour: number;
  /**
   * Test only (`CAPTCHA_TEST_ANSWER`): every captcha shows and accepts this text, so that
   * end-to-end tests can pass the captcha without reading it. Refused in production.
   */
  captchaTestAnswer: string | undefined;
  /** `LINKED_SYSTEMS`: the provider's other systems the portal opens signed in (one-time code). */
  linkedSystems: LinkedSystemConfig[];
  /**
   * Where webhooks may go (areas/webhooks/address-guard.ts): `WEBHOOK_ALLOW_PRIVATE=on` allows
   * endpoints on loopback, private and link-local addresses (tests, on-premise receivers),
   * `WEBHOOK_ALLOW_HTTP=on` http:// besides https://. Both off by default.
   */
  webhooks: { allowPrivate: boolean; allowHttp: boolean };
  /**
   * `SSO_DNS_SERVERS`: the DNS servers a single sign-on domain's proof (its TXT record) is read
   * from, comma-separated IP addresses with an optional port; none (the default): the system's
   * resolvers (areas/accounts/sso-domain-proof.ts).
   */
  ssoDnsServers: string[];
}

/** `CAPTCHA_TEST_ANSWER`, checked: text the captcha can show (else the server does not start). */
function captchaTestAnswer(env: NodeJS.ProcessEnv): string | undefined {
  const answer = env.CAPTCHA_TEST_ANSWER;
  if (answer === undefined || answer === '') return undefined;
  if (!new RegExp(`^[${CAPTCHA_ALPHABET}]{4,8}$`).test(answer)) {
    throw new Error(`CAPTCHA_TEST_ANSWER must be 4 to 8 characters of ${CAPTCHA_ALPHABET}`);
  }
  return answer;
}

/** A whole number ≥ 1 from the environment, or undefined when unset; throws on anything else. */
function positiveInt(value: string | undefined, name: string): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a whole number ≥ 1`);
  return n;
}

/** `SMTP_URL`, checked: an smtp: or smtps: address with a host, and `MAIL_FROM` beside it. */
function smtpUrl(env: NodeJS.ProcessEnv): string | null {
  const value = env.SMTP_URL?.trim();
  if (!value) return null;
  let url: URL | null = null;
  try {
    url = new URL(value);
  } catch {}
  // (the value is never printed: it holds the SMTP password)
  if (!url || !/^smtps?:$/.test(url.protocol) || !url.hostname)
    throw new Error(
      'SMTP_URL must be smtp://[user:password@]host[:port] or smtps://… (RFC 3986 escapes in the password)',
    );
  if (!env.MAIL_FROM?.trim())
    throw new Error(
      'SMTP_URL is set but MAIL_FROM is not: set MAIL_FROM to the sender of the portal’s mail, e.g. MAIL_FROM="LP Portal <no-reply@example.com>"',
    );
  return value;
}

/** `PUBLIC_URL`, checked (http or https, no path, query or trailing slash kept), or its default. */
function publicUrl(env: NodeJS.ProcessEnv): string {
  const value = env.PUBLIC_URL?.trim() || `http://localhost:${env.PORT ?? 8080}`;
  let url: URL | null = null;
  try {
    url = new URL(value);
  } catch {}
  if (!url || !/^https?:$/.test(url.protocol) || url.search || url.hash)
    throw new Error(
      'PUBLIC_URL must be the portal’s http:// or https:// address, e.g. https://portal.example.com',
    );
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/** `DIGEST_HOUR`: a whole hour 0–23, default 8. */
function digestHour(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return 8;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 23)
    throw new Error('DIGEST_HOUR must be a whole hour from 0 to 23');
  return n;
}

/** The development stand-in: known to everyone, so never used in production. */
const DEV_SECOND_FACTOR_KEY = createHash('sha256').update('lp-portal development second-factor key').digest();

/** `SECOND_FACTOR_KEY`, checked: 32 bytes as 64 hex digits or base64; the dev key outside production. */
function secondFactorKey(value: string | undefined, mode: Mode): Buffer | null {
  const text = value?.trim();
  if (!text) return mode === 'production' ? null : DEV_SECOND_FACTOR_KEY;
  const key = /^[0-9a-f]{64}$/i.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');
  if (key.length !== 32) throw new Error('SECOND_FACTOR_KEY must be 32 bytes: 64 hex digits or base64');
  return key;
}

const off = (value: string | undefined) => /^(0|off|false|no)$/i.test(value ?? '');
const on = (value: string | undefined) => /^(1|on|true|yes)$/i.test(value ?? '');

function modeOf(env: NodeJS.ProcessEnv): Mode {
  if (env.NODE_ENV === 'production') return 'production';
  return env.NODE_ENV === 'test' ? 'test' : 'development';
}

/** The settings from the environment; throws on a setting that cannot be read. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const root = process.cwd();
  const mode = modeOf(env);
  const certFile = env.TLS_CERT_FILE?.trim();
  const keyFile = env.TLS_KEY_FILE?.trim();
  const tls = certFile && keyFile ? { certFile, keyFile } : null;
  return {
    mode,
    production: mode === 'production',
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '127.0.0.1',
    workers: positiveInt(env.WORKERS, 'WORKERS') ?? 1,
    drainTimeoutMs: positiveInt(env.DRAIN_TIMEOUT_MS, 'DRAIN_TIMEOUT_MS') ?? 20_000,
    headersTimeoutMs: positiveInt(env.HEADERS_TIMEOUT_MS, 'HEADERS_TIMEOUT_MS') ?? 10_000,
    bodyTimeoutMs: positiveInt(env.BODY_TIMEOUT_MS, 'BODY_TIMEOUT_MS') ?? 20_000,
    bodyMinRate: positiveInt(env.BODY_MIN_RATE, 'BODY_MIN_RATE') ?? 500,
    maxRequestsPerAddress: positiveInt(env.MAX_REQUESTS_PER_ADDRESS, 'MAX_REQUESTS_PER_ADDRESS') ?? 64,
    dataDir: path.resolve(root, env.DATA_DIR ?? 'data'),
    filesDir: path.resolve(root, env.FILES_DIR ?? path.join(env.DATA_DIR ?? 'data', 'files')),
    auditCheckpointDir: env.AUDIT_CHECKPOINT_DIR?.trim()
      ? path.resolve(root, env.AUDIT_CHECKPOINT_DIR.trim())
      : mode === 'test'
        ? null
        : path.resolve(root, env.DATA_DIR ?? 'data', 'audit-checkpoints'),
    auditSigningKeyFile: env.AUDIT_SIGNING_KEY_FILE?.trim()
      ? path.resolve(root, env.AUDIT_SIGNING_KEY_FILE.trim())
      : null,
    auditCheckpointIntervalMs:
      positiveInt(env.AUDIT_CHECKPOINT_INTERVAL_MS, 'AUDIT_CHECKPOINT_INTERVAL_MS') ?? 15 * 60_000,
    databaseUrl: env.DATABASE_URL || undefined,
    databasePreparedStatements: !off(env.DATABASE_PREPARED_STATEMENTS),
    distDir: path.resolve(root, env.DIST_DIR ?? 'dist'),
    corsOrigins: (env.CORS_ORIGINS ?? 'http://127.0.0.1:8081,http://localhost:8081')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    integrationSecret: env.INTEGRATION_SECRET?.trim() || null,
    servicePhone: env.SERVICE_PHONE ?? '400-820-6088',
    serviceWebsite: env.SERVICE_WEBSITE ?? 'https://www.lp-pharma-logistics.cn',
    bodyLimit: Number(env.BODY_LIMIT ?? 256 * 1024),
    rateLimits: !off(env.RATE_LIMITS),
    sessionIdleMs: (positiveInt(env.SESSION_IDLE_MINUTES, 'SESSION_IDLE_MINUTES') ?? 30) * 60_000,
    live: {
      pollMs: positiveInt(env.LIVE_POLL_MS, 'LIVE_POLL_MS') ?? 1000,
      listen: !off(env.LIVE_LISTEN),
      maxStreams: positiveInt(env.LIVE_MAX_STREAMS, 'LIVE_MAX_STREAMS') ?? 5000,
      perUser: 8,
    },
    orderCountCap: positiveInt(env.ORDER_COUNT_CAP, 'ORDER_COUNT_CAP') ?? 10_000,
    checkAnswers: mode === 'test' || on(env.CHECK_ANSWERS),
    trustedProxies: parseTrustedProxies(env.TRUSTED_PROXIES),
    secondFactorKey: secondFactorKey(env.SECOND_FACTOR_KEY, mode),
    hsts: tls !== null || on(env.HSTS),
    tls,
    smsGatewayUrl: env.SMS_GATEWAY_URL?.trim() || null,
    smsGatewayToken: env.SMS_GATEWAY_TOKEN?.trim() || null,
    mailHttpUrl: env.MAIL_HTTP_URL?.trim() || null,
    mailHttpToken: env.MAIL_HTTP_TOKEN?.trim() || null,
    mailFrom: env.MAIL_FROM?.trim() || 'LP Portal <no-reply@lp-portal.invalid>',
    smtpUrl: smtpUrl(env),
    publicUrl: publicUrl(env),
    digestHour: digestHour(env.DIGEST_HOUR),
    captchaTestAnswer: captchaTestAnswer(env),
    linkedSystems: parseLinkedSystems(env.LINKED_SYSTEMS, mode === 'production'),
    webhooks: { allowPrivate: on(env.WEBHOOK_ALLOW_PRIVATE), allowHttp: on(env.WEBHOOK_ALLOW_HTTP) },
    ssoDnsServers: parseDnsServers(env.SSO_DNS_SERVERS),
  };
}

/**
 * What a production start refuses (each is a sentence to print): settings that would be unsafe
 * with real data. The caller also refuses while demo accounts exist (server/seed/demo.ts).
 */
export function productionProblems(config: ServerConfig): string[] {
  if (!config.production) return [];
  const problems: string[] = [];
  if (!config.smsGatewayUrl) {
    problems.push('SMS_GATEWAY_URL is not set: password changes by text message need a real SMS sender.');
  }
  if (!config.rateLimits) problems.push('RATE_LIMITS=off is for tests and benchmarks, never production.');
  if (
    (config.smtpUrl || config.mailHttpUrl) &&
    /^(localhost|127\.|\[::1\])/.test(new URL(config.publicUrl).host)
  ) {
    problems.push(
      `PUBLIC_URL is ${config.publicUrl}: the links in the portal's mail would not open for their readers; set it to the portal's address.`,
    );
  }
  if (config.captchaTestAnswer) {
    problems.push(
      'CAPTCHA_TEST_ANSWER is set with NODE_ENV=production: it fixes every captcha answer; unset it.',
    );
  }
  return problems;
}

/** Why `WORKERS` cannot be used with these settings (a sentence to print), or null. */
export function workersRefusal(config: ServerConfig): string | null {
  if (config.workers > 1 && !config.databaseUrl) {
    return (
      `WORKERS=${config.workers} needs PostgreSQL: the embedded database (PGlite, used without DATABASE_URL) ` +
      'belongs to one process. Set DATABASE_URL to a PostgreSQL server, or run one process (WORKERS=1).'
    );
  }
  return null;
}
