/** Configuration from the environment (issue 2, "Server"): bad values name their variable. */
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ConfigError,
  DEFAULT_LOGIN_ADDRESS_RATE_LIMIT,
  DEFAULT_LOGIN_RATE_LIMIT,
  DEFAULT_PASSWORD_CHANGE_RATE_LIMIT,
  defaultHashingBound,
  loadConfig,
} from '../../server/config';

const JWT = 'j'.repeat(32);
const KEY = 'ab'.repeat(32);

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'product-feed-config-'));
});
afterEach(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

/** loadConfig with explicit secrets (so nothing is generated) unless `env` overrides them. */
function load(env: Record<string, string | undefined>) {
  return loadConfig({ DATA_DIR: dataDir, JWT_SECRET: JWT, ENCRYPTION_KEY: KEY, ...env });
}

function errorOf(env: Record<string, string | undefined>): string {
  try {
    load(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const config = load({});
    expect(config).toMatchObject({
      nodeEnv: 'development',
      host: '127.0.0.1',
      port: 3000,
      apiPort: 3001,
      databaseUrl: undefined,
      dataDir,
      uploadsDir: path.join(dataDir, 'uploads'),
      seedDemo: true,
      initialAdmin: undefined,
      logLevel: 'info',
      trustProxy: false,
      loginRateLimit: DEFAULT_LOGIN_RATE_LIMIT,
      loginAddressRateLimit: DEFAULT_LOGIN_ADDRESS_RATE_LIMIT,
      passwordChangeRateLimit: DEFAULT_PASSWORD_CHANGE_RATE_LIMIT,
      passwordHashing: defaultHashingBound(),
    });
    expect(config.loginRateLimit).toEqual({ max: 5, windowMs: 900_000 });
    expect(config.loginAddressRateLimit).toEqual({ max: 20, windowMs: 900_000 });
    expect(config.passwordChangeRateLimit).toEqual({ max: 5, windowMs: 900_000 });
    expect(config.clientDir).toMatch(/dist[/\\]client$/);
    expect(Buffer.from(config.jwtSecret).toString()).toBe(JWT);
    expect(config.encryptionKey.toString('hex')).toBe(KEY);
  });

  it('reads every variable', () => {
    const config = load({
      NODE_ENV: 'production',
      HOST: '0.0.0.0',
      PORT: '8080',
      API_PORT: '8081',
      DATABASE_URL: 'postgresql://app:secret@db.internal:5432/feed',
      SEED_DEMO: 'true',
      ADMIN_EMAIL: 'Boss@Example.com',
      ADMIN_PASSWORD: 'Str0ng!pass',
      ADMIN_FIRST_NAME: 'Sam',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: '1',
    });
    expect(config).toMatchObject({
      nodeEnv: 'production',
      host: '0.0.0.0',
      port: 8080,
      apiPort: 8081,
      databaseUrl: 'postgresql://app:secret@db.internal:5432/feed',
      seedDemo: true,
      initialAdmin: {
        email: 'boss@example.com',
        password: 'Str0ng!pass',
        first_name: 'Sam',
        last_name: 'Admin',
      },
      logLevel: 'warn',
      trustProxy: { hops: 1 },
    });
  });

  it('turns the demo seed off by default in production', () => {
    expect(load({ NODE_ENV: 'production' }).seedDemo).toBe(false);
    expect(load({ NODE_ENV: 'production', SEED_DEMO: 'true' }).seedDemo).toBe(true);
    expect(load({ SEED_DEMO: 'false' }).seedDemo).toBe(false);
  });

  it('treats an empty variable as unset', () => {
    expect(load({ PORT: '', DATABASE_URL: '' })).toMatchObject({ port: 3000, databaseUrl: undefined });
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT must be a whole number 1-65535 (got "abc")'],
    [{ PORT: '0' }, 'PORT must be a whole number 1-65535 (got "0")'],
    [{ PORT: '70000' }, 'PORT must be a whole number 1-65535 (got "70000")'],
    [{ PORT: '80.5' }, 'PORT must be a whole number 1-65535 (got "80.5")'],
    [{ API_PORT: '-1' }, 'API_PORT must be a whole number 1-65535 (got "-1")'],
    [
      { DATABASE_URL: 'mysql://x/y' },
      'DATABASE_URL must be a postgres:// or postgresql:// URL (got "mysql://x/y")',
    ],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET must be at least 32 characters (got 5 characters)'],
    [
      { ENCRYPTION_KEY: 'xyz' },
      'ENCRYPTION_KEY must be 64 hexadecimal characters (32 bytes) (got 3 characters)',
    ],
    [{ SEED_DEMO: 'yes' }, 'SEED_DEMO must be true or false (got "yes")'],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV must be one of development, production, test (got "staging")'],
    [
      { LOG_LEVEL: 'loud' },
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "loud")',
    ],
    [
      { ADMIN_EMAIL: 'boss', ADMIN_PASSWORD: 'Str0ng!pass' },
      'ADMIN_EMAIL must be a valid email address (got "boss")',
    ],
    [
      { ADMIN_EMAIL: 'b@example.com', ADMIN_PASSWORD: 'weakpass1!' },
      'ADMIN_PASSWORD: Password must contain an uppercase letter (got 10 characters)',
    ],
    [{ ADMIN_EMAIL: 'b@example.com' }, 'ADMIN_EMAIL and ADMIN_PASSWORD must be set together'],
    [
      { TRUST_PROXY: 'true' },
      'TRUST_PROXY=true would take the left-most X-Forwarded-For entry, which the client writes; set the number of proxies in front of the server (e.g. 1 for one load balancer) or their addresses (e.g. 10.0.0.0/8) (got "true")',
    ],
    [
      { TRUST_PROXY: '10.0.0.0/8,lb.internal' },
      'TRUST_PROXY must be false, a number of proxies 1-99 (e.g. 1), or a comma-separated list of proxy addresses or CIDR ranges (e.g. 127.0.0.1,10.0.0.0/8) (got "10.0.0.0/8,lb.internal")',
    ],
  ])('refuses %o: %s', (env, message) => {
    expect(errorOf(env)).toBe(message);
  });

  it('never echoes a secret in its message', () => {
    expect(errorOf({ JWT_SECRET: 'hunter2-is-my-secret' })).not.toContain('hunter2');
  });

  it('requires shared secrets in production on PostgreSQL', () => {
    expect(
      errorOf({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db/feed', JWT_SECRET: undefined }),
    ).toBe('JWT_SECRET is required in production when DATABASE_URL is set');
    expect(
      errorOf({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db/feed', ENCRYPTION_KEY: undefined }),
    ).toBe('ENCRYPTION_KEY is required in production when DATABASE_URL is set');
  });
});

describe('defaultHashingBound', () => {
  it('hashes on half the cores (at least one) with 8 waiting places per running hash', () => {
    expect(defaultHashingBound(1)).toEqual({ concurrency: 1, queue: 8 });
    expect(defaultHashingBound(2)).toEqual({ concurrency: 1, queue: 8 });
    expect(defaultHashingBound(3)).toEqual({ concurrency: 1, queue: 8 });
    expect(defaultHashingBound(8)).toEqual({ concurrency: 4, queue: 32 });
  });
});

describe('generated secrets', () => {
  const noSecrets = () => loadConfig({ DATA_DIR: dataDir });

  it('are created once in DATA_DIR/secrets.json (mode 0600) and reused', () => {
    const first = noSecrets();
    const file = path.join(dataDir, 'secrets.json');
    const stored = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
    expect(stored.jwt_secret).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.encryption_key).toMatch(/^[0-9a-f]{64}$/);
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(0o600);

    const second = noSecrets();
    expect(Buffer.from(second.jwtSecret)).toEqual(Buffer.from(first.jwtSecret));
    expect(second.encryptionKey).toEqual(first.encryptionKey);
    expect(first.encryptionKey.toString('hex')).toBe(stored.encryption_key);
  });

  it('prefer the environment and keep the file for the other one', () => {
    const config = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: JWT });
    expect(Buffer.from(config.jwtSecret).toString()).toBe(JWT);
    const stored = JSON.parse(readFileSync(path.join(dataDir, 'secrets.json'), 'utf8')) as Record<
      string,
      string
    >;
    expect(config.encryptionKey.toString('hex')).toBe(stored.encryption_key);
  });

  it('refuse a damaged secrets file, naming it', () => {
    writeFileSync(path.join(dataDir, 'secrets.json'), '{"jwt_secret": 1');
    expect(() => noSecrets()).toThrow(ConfigError);
    expect(() => noSecrets()).toThrow(path.join(dataDir, 'secrets.json'));
  });
});
