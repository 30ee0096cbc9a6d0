import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { BlockList, isIP } from 'node:net';
import path from 'node:path';
import {
  CERTIFICATION_DEFAULTS,
  emailSchema,
  RENEWAL_REQUIREMENTS,
  type RenewalRequirement,
  SCHEDULE_DEFAULTS,
} from '@soulpunch/shared';
import { z } from 'zod';
import { DEFAULT_DEMO_TRAINER_COUNT } from './demo/demo-count';
import type { StorageConfig } from './lib/file-storage';

/**
 * Every setting comes from the environment, is parsed here once at boot, and a bad value stops start-up
 * with a message that names every bad variable (not just the first).
 */
const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalString = z.preprocess(emptyAsUndefined, z.string().optional());

/** A comma-separated list of day counts ('90,60,30,7'), largest first, each once. */
function dayList(defaults: readonly number[]) {
  return z.preprocess(
    (value) =>
      typeof value === 'string' && value.trim() !== ''
        ? value.split(',').map((s) => Number(s.trim()))
        : [...defaults],
    z
      .array(z.number().int({ error: 'must be whole days' }).min(1).max(365))
      .min(1)
      .transform((days) => [...new Set(days)].sort((a, b) => b - a)),
  );
}

const envSchema = z.object({
  NODE_ENV: z.preprocess(
    emptyAsUndefined,
    z.enum(['development', 'test', 'production']).default('development'),
  ),
  PORT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(65535).default(3000)),
  HOST: z.preprocess(emptyAsUndefined, z.string().default('127.0.0.1')),
  APP_URL: z.preprocess(emptyAsUndefined, z.url({ protocol: /^https?$/ }).optional()),
  DATA_DIR: z.preprocess(emptyAsUndefined, z.string().default('./data')),
  DATABASE_URL: z.preprocess(emptyAsUndefined, z.url({ protocol: /^postgres(ql)?$/ }).optional()),
  SMTP_URL: z.preprocess(emptyAsUndefined, z.url({ protocol: /^smtps?$/ }).optional()),
  MAIL_FROM: z.preprocess(
    emptyAsUndefined,
    z.string().min(3).default('Soul Punch <no-reply@soulpunch.example>'),
  ),
  ADMIN_EMAILS: z.preprocess(
    (value) =>
      typeof value === 'string'
        ? value
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean)
        : [],
    z.array(emailSchema),
  ),
  SESSION_SECRET: z.preprocess(
    emptyAsUndefined,
    z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
  ),
  LOG_LEVEL: z.preprocess(
    emptyAsUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
  TRUST_PROXY: optionalString,
  SIGN_IN_LINKS_PER_IP: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(1).max(100_000).default(20),
  ),
  SIGN_IN_LINKS_PER_EMAIL: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(1).max(100_000).default(5),
  ),
  DEMO_DATA: z.preprocess(emptyAsUndefined, z.enum(['auto', 'off']).default('auto')),
  DEMO_TRAINERS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(100_000).optional()),
  MAP_TILE_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      // Not z.url(): a template's host may hold {s} (the provider's subdomains).
      .regex(/^https:\/\/[\w{}.-]+(:\d+)?\/\S*$/, { error: 'must be an https:// address' })
      .refine((url) => ['{z}', '{x}', '{y}'].every((part) => url.includes(part)), {
        error: 'must be a tile address template with {z}, {x} and {y}',
      })
      .optional(),
  ),
  MAP_TILE_ATTRIBUTION: optionalString,
  WEB_DIST_DIR: optionalString,
  // No default here: production must name its provider (loadConfig picks `test` elsewhere).
  PAYMENT_PROVIDER: z.preprocess(emptyAsUndefined, z.enum(['test', 'stripe']).optional()),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_API_URL: z.preprocess(emptyAsUndefined, z.url({ protocol: /^https?$/ }).optional()),
  PAYMENT_GRACE_DAYS: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(0).max(60).default(SCHEDULE_DEFAULTS.paymentGraceDays),
  ),
  DOCUMENT_EXPIRY_DAYS: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(1).max(365).default(SCHEDULE_DEFAULTS.documentExpiryDays),
  ),
  DOCUMENT_FIRST_REMINDER_DAYS: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(1).max(365).default(SCHEDULE_DEFAULTS.documentFirstReminderDays),
  ),
  DOCUMENT_REMINDER_INTERVAL_DAYS: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(1).max(365).default(SCHEDULE_DEFAULTS.documentReminderIntervalDays),
  ),
  CERTIFICATION_YEARS: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(1).max(10).default(CERTIFICATION_DEFAULTS.validityYears),
  ),
  CERTIFICATION_REMINDER_DAYS: dayList(CERTIFICATION_DEFAULTS.reminderDays),
  RENEWAL_REQUIRES: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() : value),
    z
      .string()
      .default(CERTIFICATION_DEFAULTS.renewalRequires.join(','))
      .transform((v) => (v === '' || v === 'none' ? [] : [...new Set(v.split(',').map((s) => s.trim()))]))
      .pipe(
        z.array(
          z.enum(RENEWAL_REQUIREMENTS, {
            error: `each must be one of ${RENEWAL_REQUIREMENTS.join(', ')} (or none)`,
          }),
        ),
      ),
  ),
  INSURANCE_REQUIRED: z.preprocess(
    emptyAsUndefined,
    z.stringbool().default(CERTIFICATION_DEFAULTS.insuranceRequired),
  ),
  INSURANCE_REMINDER_DAYS: dayList(CERTIFICATION_DEFAULTS.insuranceReminderDays),
  S3_BUCKET: optionalString,
  S3_ENDPOINT: z.preprocess(emptyAsUndefined, z.url({ protocol: /^https?$/ }).optional()),
  S3_REGION: z.preprocess(emptyAsUndefined, z.string().default('us-east-1')),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: z.preprocess(emptyAsUndefined, z.stringbool().default(false)),
  JOBS_EVERY_SECONDS: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(1).max(86_400).default(3600),
  ),
  SEAL_P12_PATH: optionalString,
  SEAL_P12_PASSWORD: optionalString,
  ASSISTANT_BASE_URL: z.preprocess(emptyAsUndefined, z.url({ protocol: /^https?$/ }).optional()),
  ASSISTANT_API_KEY: optionalString,
  ASSISTANT_MODEL: optionalString,
  ASSISTANT_TIMEOUT_MS: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(1000).max(120_000).default(15_000),
  ),
});

export interface AppConfig {
  env: 'development' | 'test' | 'production';
  port: number;
  host: string;
  appUrl: string;
  /** Absolute path of the embedded database and uploaded files. */
  dataDir: string;
  databaseUrl?: string;
  smtpUrl?: string;
  mailFrom: string;
  adminEmails: string[];
  sessionSecret: string;
  logLevel: string;
  /**
   * Which peers may tell the client's address in X-Forwarded-For, in the form Fastify's `trustProxy` takes: nobody
   * (false), these addresses and ranges, or a hop count checked by `trustHops` (see decision record 0009).
   */
  trustProxy: TrustProxy;
  /** Sign-in links one address may ask for in 10 minutes (an office behind one NAT address may need more). */
  signInLinksPerIp: number;
  /** Sign-in links one e-mail address may be sent in a minute. */
  signInLinksPerEmail: number;
  /** Map tiles from a provider; without them the map draws the states from the bundled atlas (no outside calls). */
  mapTiles: { url: string; attribution: string } | null;
  /** Load demo data into an empty embedded database at start (never in production). */
  loadDemoData: boolean;
  /**
   * How many trainers the demo data has (DEMO_TRAINERS, outside production): the first 40 with their payments and
   * documents, the rest generated as `npm run seed` makes them, to measure the pages at a brand's full size.
   */
  demoTrainers: number;
  /** Built web app served by the server, when present. */
  webDistDir: string;
  /** Who takes payments: the offline test provider (default outside production) or Stripe. */
  paymentProvider: 'test' | 'stripe';
  stripeSecretKey?: string;
  stripeWebhookSecret?: string;
  /** Where the Stripe SDK sends its calls: Stripe itself unless set (tests point it at a local stand-in). */
  stripeApiUrl?: string;
  /** Days a failed instalment may stay unpaid before portal resources are paused. */
  paymentGraceDays: number;
  /** Days an unsigned document stays open before it expires. */
  documentExpiryDays: number;
  /** The first automatic reminder after this many days, then one every interval until expiry. */
  documentFirstReminderDays: number;
  documentReminderIntervalDays: number;
  /** The certification record (decision record 0014): validity, renewal reminders and requirements, insurance. */
  certification: {
    validityYears: number;
    /** Days before expiry a renewal reminder goes out, largest first; one more is sent on lapse. */
    reminderDays: number[];
    renewalRequires: RenewalRequirement[];
    /** An expired insurance policy pauses the public listing until an admin accepts a new one. */
    insuranceRequired: boolean;
    insuranceReminderDays: number[];
  };
  /** Where pictures and sealed PDFs are kept: DATA_DIR/uploads, or an S3-compatible bucket. */
  storage: StorageConfig;
  /** How often scheduled work (reminders, expiry, payment grace) runs; once per round across instances. */
  jobsEveryMs: number;
  /** A PKCS#12 file with the key that seals signed PDFs; generated into DATA_DIR when unset. */
  sealP12Path?: string;
  sealP12Password?: string;
  /** The assistant's OpenAI-compatible model; without it the assistant answers from the passages alone. */
  assistantModel?: { baseUrl: string; apiKey: string; model: string; timeoutMs: number };
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** What production must be told rather than assume (read from the raw environment: empty counts as unset). */
function productionProblems(env: NodeJS.ProcessEnv, overrides: Partial<AppConfig>): string[] {
  if (env.NODE_ENV !== 'production') return [];
  const problems: string[] = [];
  if (!env.SESSION_SECRET && !overrides.sessionSecret) {
    // Generated secrets are fine on one machine; production must set one it can keep and rotate.
    problems.push('SESSION_SECRET: required when NODE_ENV is production');
  }
  if (!env.SMTP_URL && !overrides.smtpUrl) {
    // Without it mail stays in the outbox: nobody receives a sign-in link, and the links sit in the database.
    problems.push('SMTP_URL: required when NODE_ENV is production (without it no e-mail is sent)');
  }
  if (!env.PAYMENT_PROVIDER && !overrides.paymentProvider) {
    // The test provider accepts card 4242: production must choose it knowingly, never by default.
    problems.push(
      'PAYMENT_PROVIDER: required when NODE_ENV is production (stripe for real payments, or test on purpose)',
    );
  }
  return problems;
}

/** Paths are relative to where `npm` was started (INIT_CWD), so `./data` is the repository's data folder. */
function resolveFromInvocation(p: string, env: NodeJS.ProcessEnv): string {
  return path.resolve(env.INIT_CWD ?? process.cwd(), p);
}

export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  overrides: Partial<AppConfig> = {},
): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError([
      ...parsed.error.issues.map((issue) => `${issue.path.join('.') || '(environment)'}: ${issue.message}`),
      ...productionProblems(env, overrides),
    ]);
  }
  const e = parsed.data;
  const dataDir = overrides.dataDir ?? resolveFromInvocation(e.DATA_DIR, env);
  const port = overrides.port ?? e.PORT;
  const appUrl = (overrides.appUrl ?? e.APP_URL ?? `http://localhost:${port}`).replace(/\/+$/, '');
  // Every rule that spans variables is checked before any is reported, so one start names them all.
  const problems: string[] = [];
  if (e.PAYMENT_PROVIDER === 'stripe') {
    if (!e.STRIPE_SECRET_KEY) problems.push('STRIPE_SECRET_KEY: required when PAYMENT_PROVIDER is stripe');
    if (!e.STRIPE_WEBHOOK_SECRET)
      problems.push('STRIPE_WEBHOOK_SECRET: required when PAYMENT_PROVIDER is stripe');
  }
  if (e.ASSISTANT_BASE_URL && !e.ASSISTANT_MODEL) {
    problems.push('ASSISTANT_MODEL: required when ASSISTANT_BASE_URL is set');
  }
  if (!e.S3_BUCKET && (e.S3_ENDPOINT || e.S3_ACCESS_KEY_ID || e.S3_SECRET_ACCESS_KEY)) {
    problems.push('S3_BUCKET: required when any other S3_ variable is set');
  }
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    problems.push('S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both or neither');
  }
  if (e.MAP_TILE_URL && !e.MAP_TILE_ATTRIBUTION?.trim()) {
    // Tile providers' terms require their credit on the map.
    problems.push('MAP_TILE_ATTRIBUTION: required when MAP_TILE_URL is set');
  }
  if (e.DEMO_TRAINERS !== undefined && e.NODE_ENV === 'production') {
    // Production never loads demo data: a count there is a mistake in the environment, not a setting.
    problems.push('DEMO_TRAINERS: not allowed when NODE_ENV is production (demo data is never loaded there)');
  }
  const trustProxy = parseTrustProxy(e.TRUST_PROXY);
  if ('problem' in trustProxy) problems.push(`TRUST_PROXY: ${trustProxy.problem}`);
  problems.push(...productionProblems(env, overrides));
  if (problems.length > 0) throw new ConfigError(problems);
  return {
    env: e.NODE_ENV,
    port,
    host: e.HOST,
    appUrl,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    adminEmails: e.ADMIN_EMAILS,
    sessionSecret: overrides.sessionSecret ?? e.SESSION_SECRET ?? readOrCreateSecret(dataDir),
    logLevel: e.LOG_LEVEL,
    trustProxy: 'trust' in trustProxy ? trustProxy.trust : false,
    signInLinksPerIp: e.SIGN_IN_LINKS_PER_IP,
    signInLinksPerEmail: e.SIGN_IN_LINKS_PER_EMAIL,
    mapTiles:
      e.MAP_TILE_URL && e.MAP_TILE_ATTRIBUTION
        ? { url: e.MAP_TILE_URL, attribution: e.MAP_TILE_ATTRIBUTION.trim() }
        : null,
    loadDemoData: e.DEMO_DATA === 'auto' && e.NODE_ENV !== 'production' && !e.DATABASE_URL,
    demoTrainers: e.DEMO_TRAINERS ?? DEFAULT_DEMO_TRAINER_COUNT,
    webDistDir: e.WEB_DIST_DIR
      ? resolveFromInvocation(e.WEB_DIST_DIR, env)
      : path.resolve(import.meta.dirname, '../../web/dist'),
    paymentProvider: e.PAYMENT_PROVIDER ?? 'test',
    stripeSecretKey: e.STRIPE_SECRET_KEY,
    stripeWebhookSecret: e.STRIPE_WEBHOOK_SECRET,
    stripeApiUrl: e.STRIPE_API_URL,
    paymentGraceDays: e.PAYMENT_GRACE_DAYS,
    documentExpiryDays: e.DOCUMENT_EXPIRY_DAYS,
    documentFirstReminderDays: e.DOCUMENT_FIRST_REMINDER_DAYS,
    documentReminderIntervalDays: e.DOCUMENT_REMINDER_INTERVAL_DAYS,
    certification: {
      validityYears: e.CERTIFICATION_YEARS,
      reminderDays: e.CERTIFICATION_REMINDER_DAYS,
      renewalRequires: e.RENEWAL_REQUIRES,
      insuranceRequired: e.INSURANCE_REQUIRED,
      insuranceReminderDays: e.INSURANCE_REMINDER_DAYS,
    },
    storage: e.S3_BUCKET
      ? {
          kind: 's3',
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          endpoint: e.S3_ENDPOINT,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
          credentials:
            e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
              : undefined,
        }
      : { kind: 'disk', dir: path.join(dataDir, 'uploads') },
    jobsEveryMs: e.JOBS_EVERY_SECONDS * 1000,
    sealP12Path: e.SEAL_P12_PATH ? resolveFromInvocation(e.SEAL_P12_PATH, env) : undefined,
    sealP12Password: e.SEAL_P12_PASSWORD,
    assistantModel:
      e.ASSISTANT_BASE_URL && e.ASSISTANT_MODEL
        ? {
            baseUrl: e.ASSISTANT_BASE_URL,
            // Local OpenAI-compatible servers often need no key; the client still wants one.
            apiKey: e.ASSISTANT_API_KEY ?? 'none',
            model: e.ASSISTANT_MODEL,
            timeoutMs: e.ASSISTANT_TIMEOUT_MS,
          }
        : undefined,
    ...overrides,
  };
}

/** What Fastify's `trustProxy` is given: never `true`, which lets any client choose its own address. */
export type TrustProxy = false | string[] | ((address: string, hop: number) => boolean);

const NAMED_RANGES = ['loopback', 'linklocal', 'uniquelocal'];
const MAX_HOPS = 10;

/**
 * TRUST_PROXY: unset or `false` (no proxy), a hop count (`1`), or the proxies' addresses and ranges
 * (`10.0.0.5, 10.1.0.0/16, loopback`). See decision record 0009.
 */
export function parseTrustProxy(value: string | undefined): { trust: TrustProxy } | { problem: string } {
  const text = value?.trim().toLowerCase() ?? '';
  if (text === '' || text === 'false' || text === '0') return { trust: false };
  if (text === 'true') {
    return {
      problem:
        'true would let any client choose its own address through X-Forwarded-For; give a hop count, the ' +
        'number of proxies in front of the server (e.g. 1), or their addresses (e.g. 10.0.0.5 or 10.0.0.0/8)',
    };
  }
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops > MAX_HOPS) return { problem: `a hop count must be between 1 and ${MAX_HOPS}` };
    return { trust: trustHops(hops) };
  }
  const entries = text.split(',').map((entry) => entry.trim());
  const bad = entries.filter((entry) => !isProxyAddress(entry));
  if (bad.length > 0) {
    return {
      problem:
        `not a hop count nor proxy addresses: ${bad.map((b) => JSON.stringify(b)).join(', ')} ` +
        `(give e.g. 1, or 10.0.0.5, 10.0.0.0/8, loopback; a /0 range would trust every client)`,
    };
  }
  return { trust: entries };
}

/** An address, a range (address/prefix or address/netmask) short of everything, or one of proxy-addr's names. */
function isProxyAddress(entry: string): boolean {
  if (NAMED_RANGES.includes(entry)) return true;
  const [address = '', range, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (range === undefined) return true;
  if (/^\d+$/.test(range)) {
    const prefix = Number(range);
    return prefix >= 1 && prefix <= (family === 4 ? 32 : 128);
  }
  // A netmask such as 255.255.0.0 (IPv4 only), never 0.0.0.0.
  return family === 4 && isIP(range) === 4 && range !== '0.0.0.0';
}

const PRIVATE_PEERS = new BlockList();
for (const [network, prefix] of [
  ['127.0.0.0', 8],
  ['10.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['169.254.0.0', 16],
] as const) {
  PRIVATE_PEERS.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const) {
  PRIVATE_PEERS.addSubnet(network, prefix, 'ipv6');
}

/** Loopback, private (RFC 1918, fc00::/7) or link-local: a peer that is not a client from the internet. */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  const plain = mapped ?? address;
  const family = isIP(plain);
  if (family === 0) return false;
  return PRIVATE_PEERS.check(plain, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * A hop count as Fastify 5.12+ no longer takes one by itself (it cannot tell a proxy from a client that reaches the
 * server directly): trust `hops` proxies, the first of which (the peer on the socket) must have a private or loopback
 * address. A client connecting from the internet is then never asked who it is.
 */
export function trustHops(hops: number): (address: string, hop: number) => boolean {
  return (address, hop) => hop < hops && (hop > 0 || isPrivateAddress(address));
}

/** Keeps a generated secret in DATA_DIR so sessions survive restarts without any set-up. */
function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** Reads `.env` from where npm was started, if there is one; variables already set win over the file. */
export function loadDotEnv(env: NodeJS.ProcessEnv = process.env): void {
  const file = resolveFromInvocation('.env', env);
  if (existsSync(file)) process.loadEnvFile(file);
}
