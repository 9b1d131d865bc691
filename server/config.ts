/**
 * The server's configuration, read once from the environment and validated (issue 2, "Server").
 * A bad value raises `ConfigError` naming the variable; secrets are never echoed in messages.
 * When JWT_SECRET / ENCRYPTION_KEY are absent they are generated once into `<DATA_DIR>/secrets.json`.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as v from 'valibot';
import { parseTrustProxy } from './http/client-address';
import type { TrustProxy } from './http/client-address';

/** A configuration value that cannot be used; the message names the variable. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

export type NodeEnv = 'development' | 'production' | 'test';
export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

/** The first admin created on a production start with an empty database and no demo seed. */
export interface InitialAdmin {
  email: string;
  password: string;
  first_name: string;
  last_name: string;
}

export interface Config {
  nodeEnv: NodeEnv;
  /** Interface the server listens on (HOST, default 127.0.0.1; use 0.0.0.0 in a container). */
  host: string;
  /** PORT: the public port (the single process, or Vite in dev), default 3000. */
  port: number;
  /** API_PORT: the API process's port in `npm run dev` only, default 3001. */
  apiPort: number;
  /** PostgreSQL connection string; undefined → PGlite in `<dataDir>/pgdata`. */
  databaseUrl: string | undefined;
  /** Absolute DATA_DIR (default ./data): pgdata/, .lock, secrets.json. */
  dataDir: string;
  /**
   * `<dataDir>/uploads`, where versions before issue 13 kept uploaded files; read once at start to
   * move them into the database (server/uploads/legacy-folder.ts).
   */
  uploadsDir: string;
  /**
   * The built SPA (CLIENT_DIR, default dist/client: a second build elsewhere lets parallel browser
   * runs test different builds); the SPA is served only when its index.html exists.
   */
  clientDir: string;
  /** HS256 key for access tokens (JWT_SECRET, at least 32 characters). */
  jwtSecret: Uint8Array;
  /** 32-byte AES-256-GCM key for secrets at rest (ENCRYPTION_KEY, 64 hex characters). */
  encryptionKey: Buffer;
  /** SEED_DEMO: fill an empty database with the demo data; default true unless production. */
  seedDemo: boolean;
  /** From ADMIN_EMAIL / ADMIN_PASSWORD (/ ADMIN_FIRST_NAME / ADMIN_LAST_NAME), when given. */
  initialAdmin: InitialAdmin | undefined;
  logLevel: LogLevel;
  /**
   * TRUST_PROXY: how much of X-Forwarded-For to believe (issue 27): `false` (the socket's address),
   * a number of proxies in front, or the proxies' addresses; see server/http/client-address.ts.
   */
  trustProxy: TrustProxy;
  /** Login attempts allowed per (ip + email) within `windowMs` before 429 (a success clears them). */
  loginRateLimit: AttemptLimit;
  /** Password checks allowed per client address across all emails within `windowMs` before 429. */
  loginAddressRateLimit: AttemptLimit;
  /** Wrong current passwords allowed per account on PUT /account/password within `windowMs`. */
  passwordChangeRateLimit: AttemptLimit;
  /** How many Argon2 hashes or verifications run at once in this process, and how many may wait. */
  passwordHashing: HashingBound;
  /**
   * PUBLIC_URL: the origin (no trailing slash) feed URLs and the feeds' self links are built on,
   * never the request's Host header (issue 12); default the listening address, http://HOST:PORT.
   */
  publicUrl: string;
  /**
   * Whether PUBLIC_URL was given: without it the back-office shows feed URLs on the browser's own
   * origin rather than the listening address (issue 30).
   */
  publicUrlSet: boolean;
  /**
   * CATALOGUE_CURRENCY: ISO 4217 code of the catalogue's prices, default EUR (the spec's €;
   * ARCHITECTURE.md §4 "Currency"); the feeds and the feed editor use it.
   */
  catalogueCurrency: string;
  /**
   * SHOPIFY_API_VERSION: the GraphQL Admin API version every call to a customer's store names
   * (`/admin/api/{version}/graphql.json`; issue 29), pinned so a new Shopify release changes nothing
   * until someone moves it on. Shopify releases one a quarter (YYYY-01, -04, -07, -10) and supports
   * each for at least 12 months (shopify.dev/docs/api/usage/versioning).
   */
  shopifyApiVersion: string;
  /**
   * SHOPIFY_SYNC_INTERVAL_MINUTES: how often each connected customer's store mapping is synced,
   * default 360; 0 turns scheduled syncs off ("Sync now" still works).
   */
  shopifySyncIntervalMinutes: number;
}

/** The pinned GraphQL Admin API version (see Config.shopifyApiVersion). */
export const DEFAULT_SHOPIFY_API_VERSION = '2026-10';
/** Minutes between scheduled store syncs by default (see Config.shopifySyncIntervalMinutes). */
export const DEFAULT_SHOPIFY_SYNC_INTERVAL_MINUTES = 360;

/** At most `max` attempts per key within a window of `windowMs` milliseconds. */
export interface AttemptLimit {
  max: number;
  windowMs: number;
}

/**
 * A bound on concurrent password hashing: `concurrency` running, and `concurrency + queue` places
 * (running or waiting) in each of the hashing gate's two lanes, the rest refused
 * (server/auth/hashing-gate.ts).
 */
export interface HashingBound {
  concurrency: number;
  queue: number;
}

const FIFTEEN_MINUTES_MS = 15 * 60 * 1000;

/** 5 attempts per (ip + email) per 15 minutes (issue 2, "Auth"). */
export const DEFAULT_LOGIN_RATE_LIMIT: Readonly<AttemptLimit> = { max: 5, windowMs: FIFTEEN_MINUTES_MS };

/**
 * 20 failed password checks per client address per 15 minutes, whatever the emails (issue 13,
 * password spraying): four people behind one office address can each use up their own 5, while
 * spraying is held to 80 guesses an hour per address instead of 5 for every email it tries.
 */
export const DEFAULT_LOGIN_ADDRESS_RATE_LIMIT: Readonly<AttemptLimit> = {
  max: 20,
  windowMs: FIFTEEN_MINUTES_MS,
};

/**
 * 5 wrong current passwords per account per 15 minutes on PUT /account/password (issue 13): a stolen
 * access token must not guess the password faster than the login form could.
 */
export const DEFAULT_PASSWORD_CHANGE_RATE_LIMIT: Readonly<AttemptLimit> = {
  max: 5,
  windowMs: FIFTEEN_MINUTES_MS,
};

/**
 * Half the cores hash (at least one), so Argon2 work from a flood of logins leaves the other half
 * to every other request (issue 13); up to 8 hashes per running slot wait in each lane (a few
 * hundred milliseconds at ~35-70 ms per hash), the rest are refused with 503.
 */
export function defaultHashingBound(cores: number = availableParallelism()): HashingBound {
  const concurrency = Math.max(1, Math.floor(cores / 2));
  return { concurrency, queue: 8 * concurrency };
}

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

type Env = Record<string, string | undefined>;

const portSchema = (name: string) =>
  v.pipe(
    v.string(),
    v.regex(/^\d{1,5}$/, `${name} must be a whole number 1-65535`),
    v.transform(Number),
    v.minValue(1, `${name} must be a whole number 1-65535`),
    v.maxValue(65535, `${name} must be a whole number 1-65535`),
  );

const booleanSchema = (name: string) =>
  v.pipe(
    v.picklist(['true', 'false'], `${name} must be true or false`),
    v.transform((value) => value === 'true'),
  );

const schemas = {
  NODE_ENV: v.picklist(
    ['development', 'production', 'test'],
    'NODE_ENV must be one of development, production, test',
  ),
  HOST: v.pipe(v.string(), v.regex(/^[\w.:-]+$/, 'HOST must be a host name or IP address')),
  PORT: portSchema('PORT'),
  API_PORT: portSchema('API_PORT'),
  DATABASE_URL: v.pipe(
    v.string(),
    v.regex(/^postgres(ql)?:\/\/\S+$/, 'DATABASE_URL must be a postgres:// or postgresql:// URL'),
    v.check((value) => URL.canParse(value), 'DATABASE_URL must be a postgres:// or postgresql:// URL'),
  ),
  DATA_DIR: v.pipe(v.string(), v.nonEmpty('DATA_DIR must be a directory path')),
  CLIENT_DIR: v.pipe(v.string(), v.nonEmpty('CLIENT_DIR must be a directory path')),
  JWT_SECRET: v.pipe(v.string(), v.minLength(32, 'JWT_SECRET must be at least 32 characters')),
  ENCRYPTION_KEY: v.pipe(
    v.string(),
    v.regex(/^[0-9a-fA-F]{64}$/, 'ENCRYPTION_KEY must be 64 hexadecimal characters (32 bytes)'),
  ),
  SEED_DEMO: booleanSchema('SEED_DEMO'),
  TRUST_PROXY: v.pipe(
    v.string(),
    v.check(
      (value) => value.trim() !== 'true',
      'TRUST_PROXY=true would take the left-most X-Forwarded-For entry, which the client writes; set the number of proxies in front of the server (e.g. 1 for one load balancer) or their addresses (e.g. 10.0.0.0/8)',
    ),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const trust = parseTrustProxy(dataset.value);
      if (trust !== undefined) return trust;
      addIssue({
        message:
          'TRUST_PROXY must be false, a number of proxies 1-99 (e.g. 1), or a comma-separated list of proxy addresses or CIDR ranges (e.g. 127.0.0.1,10.0.0.0/8)',
      });
      return NEVER;
    }),
  ),
  ADMIN_EMAIL: v.pipe(v.string(), v.email('ADMIN_EMAIL must be a valid email address')),
  // The new-user password rules (ARCHITECTURE.md §4) also hold for the first admin.
  ADMIN_PASSWORD: v.pipe(
    v.string(),
    v.minLength(8, 'ADMIN_PASSWORD: Password must be at least 8 characters'),
    v.regex(/[A-Z]/, 'ADMIN_PASSWORD: Password must contain an uppercase letter'),
    v.regex(/\d/, 'ADMIN_PASSWORD: Password must contain a number'),
    v.regex(/[^A-Za-z0-9]/, 'ADMIN_PASSWORD: Password must contain a special character'),
  ),
  ADMIN_FIRST_NAME: v.pipe(v.string(), v.trim(), v.nonEmpty('ADMIN_FIRST_NAME must not be blank')),
  ADMIN_LAST_NAME: v.pipe(v.string(), v.trim(), v.nonEmpty('ADMIN_LAST_NAME must not be blank')),
  PUBLIC_URL: v.pipe(
    v.string(),
    v.check((value) => {
      if (!URL.canParse(value)) return false;
      const url = new URL(value);
      return /^https?:$/.test(url.protocol) && url.pathname === '/' && !url.search && !url.hash;
    }, 'PUBLIC_URL must be an http(s) origin such as https://feeds.example.com'),
    v.transform((value) => new URL(value).origin),
  ),
  CATALOGUE_CURRENCY: v.pipe(
    v.string(),
    v.regex(/^[A-Z]{3}$/, 'CATALOGUE_CURRENCY must be an ISO 4217 code such as EUR or GBP'),
  ),
  SHOPIFY_API_VERSION: v.pipe(
    v.string(),
    v.regex(
      /^20\d\d-(01|04|07|10)$/,
      'SHOPIFY_API_VERSION must be a Shopify API version such as 2026-10 (a year and 01, 04, 07 or 10)',
    ),
  ),
  SHOPIFY_SYNC_INTERVAL_MINUTES: v.pipe(
    v.string(),
    v.regex(/^\d{1,6}$/, 'SHOPIFY_SYNC_INTERVAL_MINUTES must be a whole number of minutes (0 = never)'),
    v.transform(Number),
  ),
  LOG_LEVEL: v.picklist(
    ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'],
    'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent',
  ),
} satisfies Record<string, v.GenericSchema<string, unknown>>;

type VarName = keyof typeof schemas;
const SECRET_VARS: ReadonlySet<VarName> = new Set(['JWT_SECRET', 'ENCRYPTION_KEY', 'ADMIN_PASSWORD']);

/** Reads one variable; empty counts as unset. Throws ConfigError naming it (never echoing a secret). */
function read<K extends VarName>(env: Env, name: K): v.InferOutput<(typeof schemas)[K]> | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  const result = v.safeParse(schemas[name], raw);
  if (result.success) return result.output as v.InferOutput<(typeof schemas)[K]>;
  const message = result.issues[0].message;
  const got = SECRET_VARS.has(name) ? `${raw.length} characters` : JSON.stringify(raw);
  throw new ConfigError(`${message} (got ${got})`);
}

const SecretsFile = v.object({
  jwt_secret: v.optional(v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/))),
  encryption_key: v.optional(v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/))),
});

/**
 * Returns the generated secrets of `<dataDir>/secrets.json`, creating the file (mode 0600) or
 * adding a missing field on first use. Throws ConfigError when the file is unreadable or malformed.
 */
function generatedSecrets(dataDir: string): { jwt_secret: string; encryption_key: string } {
  const file = path.join(dataDir, 'secrets.json');
  let stored: v.InferOutput<typeof SecretsFile> = {};
  if (existsSync(file)) {
    try {
      stored = v.parse(SecretsFile, JSON.parse(readFileSync(file, 'utf8')));
    } catch {
      throw new ConfigError(
        `${file} is not a valid secrets file; fix or delete it (deleting it signs every user out)`,
      );
    }
  }
  const secrets = {
    jwt_secret: stored.jwt_secret ?? randomBytes(32).toString('hex'),
    encryption_key: stored.encryption_key ?? randomBytes(32).toString('hex'),
  };
  if (secrets.jwt_secret !== stored.jwt_secret || secrets.encryption_key !== stored.encryption_key) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600 });
  }
  return secrets;
}

/**
 * Reads and validates the configuration from `env` (default `process.env`).
 * Throws `ConfigError` with a message naming the offending variable, e.g.
 * `PORT must be a whole number 1-65535 (got "abc")`.
 */
export function loadConfig(env: Env = process.env): Config {
  const nodeEnv = read(env, 'NODE_ENV') ?? 'development';
  const databaseUrl = read(env, 'DATABASE_URL');
  const dataDir = path.resolve(read(env, 'DATA_DIR') ?? './data');
  let jwtSecret = read(env, 'JWT_SECRET');
  let encryptionKey = read(env, 'ENCRYPTION_KEY');

  if (nodeEnv === 'production' && databaseUrl) {
    // Several API processes share one PostgreSQL database, so their keys must be shared too.
    if (!jwtSecret) throw new ConfigError('JWT_SECRET is required in production when DATABASE_URL is set');
    if (!encryptionKey) {
      throw new ConfigError('ENCRYPTION_KEY is required in production when DATABASE_URL is set');
    }
  }
  if (!jwtSecret || !encryptionKey) {
    const generated = generatedSecrets(dataDir);
    jwtSecret ??= generated.jwt_secret;
    encryptionKey ??= generated.encryption_key;
  }

  const adminEmail = read(env, 'ADMIN_EMAIL');
  const adminPassword = read(env, 'ADMIN_PASSWORD');
  if (Boolean(adminEmail) !== Boolean(adminPassword)) {
    throw new ConfigError('ADMIN_EMAIL and ADMIN_PASSWORD must be set together');
  }

  const host = read(env, 'HOST') ?? '127.0.0.1';
  const port = read(env, 'PORT') ?? 3000;
  return {
    nodeEnv,
    host,
    port,
    apiPort: read(env, 'API_PORT') ?? 3001,
    databaseUrl,
    dataDir,
    uploadsDir: path.join(dataDir, 'uploads'),
    clientDir: path.resolve(read(env, 'CLIENT_DIR') ?? path.join(projectRoot, 'dist', 'client')),
    jwtSecret: new TextEncoder().encode(jwtSecret),
    encryptionKey: Buffer.from(encryptionKey, 'hex'),
    seedDemo: read(env, 'SEED_DEMO') ?? nodeEnv !== 'production',
    initialAdmin:
      adminEmail && adminPassword
        ? {
            email: adminEmail.toLowerCase(),
            password: adminPassword,
            first_name: read(env, 'ADMIN_FIRST_NAME') ?? 'Site',
            last_name: read(env, 'ADMIN_LAST_NAME') ?? 'Admin',
          }
        : undefined,
    logLevel: read(env, 'LOG_LEVEL') ?? (nodeEnv === 'test' ? 'silent' : 'info'),
    trustProxy: read(env, 'TRUST_PROXY') ?? false,
    loginRateLimit: { ...DEFAULT_LOGIN_RATE_LIMIT },
    loginAddressRateLimit: { ...DEFAULT_LOGIN_ADDRESS_RATE_LIMIT },
    passwordChangeRateLimit: { ...DEFAULT_PASSWORD_CHANGE_RATE_LIMIT },
    passwordHashing: defaultHashingBound(),
    publicUrl: read(env, 'PUBLIC_URL') ?? `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    publicUrlSet: read(env, 'PUBLIC_URL') !== undefined,
    catalogueCurrency: read(env, 'CATALOGUE_CURRENCY') ?? 'EUR',
    shopifyApiVersion: read(env, 'SHOPIFY_API_VERSION') ?? DEFAULT_SHOPIFY_API_VERSION,
    shopifySyncIntervalMinutes:
      read(env, 'SHOPIFY_SYNC_INTERVAL_MINUTES') ?? DEFAULT_SHOPIFY_SYNC_INTERVAL_MINUTES,
  };
}

/**
 * A configuration for tests: random secrets, in-memory PGlite (no DATABASE_URL), silent logs,
 * no demo seed, no scheduled store syncs, and a data directory path under the OS temp dir that is not created here
 * (`buildApp` creates its uploads folder). The SPA is off unless `clientDir` is overridden.
 */
export function testConfig(overrides: Partial<Config> = {}): Config {
  const dataDir =
    overrides.dataDir ?? path.join(tmpdir(), `product-feed-test-${randomBytes(6).toString('hex')}`);
  return {
    nodeEnv: 'test',
    host: '127.0.0.1',
    port: 0,
    apiPort: 0,
    databaseUrl: undefined,
    dataDir,
    uploadsDir: path.join(dataDir, 'uploads'),
    clientDir: path.join(dataDir, 'no-client'),
    jwtSecret: new Uint8Array(randomBytes(32)),
    encryptionKey: randomBytes(32),
    seedDemo: false,
    initialAdmin: undefined,
    logLevel: 'silent',
    trustProxy: false,
    loginRateLimit: { ...DEFAULT_LOGIN_RATE_LIMIT },
    loginAddressRateLimit: { ...DEFAULT_LOGIN_ADDRESS_RATE_LIMIT },
    passwordChangeRateLimit: { ...DEFAULT_PASSWORD_CHANGE_RATE_LIMIT },
    passwordHashing: defaultHashingBound(),
    publicUrl: 'http://feeds.test',
    publicUrlSet: true,
    catalogueCurrency: 'EUR',
    shopifyApiVersion: DEFAULT_SHOPIFY_API_VERSION,
    // Tests sync on demand only.
    shopifySyncIntervalMinutes: 0,
    ...overrides,
  };
}
