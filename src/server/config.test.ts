import { describe, expect, it } from 'vitest';
import { loadConfig, type TrustHops } from './config.ts';

/** A secret as `openssl rand -hex 32` makes one. */
const GOOD_SECRET = '3f9c1e7a5b2d8064c1f7e9a3b5d20846e1c7a9f3b5d7e2c4a6f8091b3d5e7a9c';
const production = (env: Record<string, string> = {}) =>
  loadConfig({
    NODE_ENV: 'production',
    JWT_SECRET: GOOD_SECRET,
    PUBLIC_URL: 'https://entries.example.org',
    SMTP_URL: 'smtp://mail.example:587',
    MAIL_FROM: 'ERSA <entries@example.org>',
    ...env,
  });
const refusal = (env: Record<string, string>) => () => loadConfig(env);

describe('configuration', () => {
  it('has working defaults for a local run', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, databaseUrl: undefined, dataDir: 'data', seedDemo: true });
    // one successful public read in a hundred is logged (docs/decisions/0009)
    expect(config.accessLogSample).toBe(0.01);
    expect(config.association).toEqual({
      code: 'ERSA',
      name: 'Eastern Region Snowsports Association',
      email: 'info@ersa.example',
      socialLinks: [],
      sponsors: [],
      colours: { primary: '#1c4e80', accent: '#e8a33d' },
    });
  });

  it('reads the e-mail colours and refuses a bad one or a primary too light for white text', () => {
    expect(loadConfig({ ASSOCIATION_COLOURS: 'primary=#0B3D2E, accent=#f5c542' }).association.colours).toEqual({
      primary: '#0b3d2e',
      accent: '#f5c542',
    });
    expect(() => loadConfig({ ASSOCIATION_COLOURS: 'primary=navy' })).toThrow(
      /ASSOCIATION_COLOURS: primary "navy" is not a hex colour; write it as #rgb or #rrggbb/,
    );
    expect(() => loadConfig({ ASSOCIATION_COLOURS: 'primary=#f0f0f0' })).toThrow(
      /ASSOCIATION_COLOURS: primary "#f0f0f0" is too light for white text on it \(contrast 1\.\d\d:1, at least 4\.5:1 is needed\)/,
    );
    expect(() => loadConfig({ ASSOCIATION_COLOURS: 'text=#000000' })).toThrow(
      /ASSOCIATION_COLOURS: "text" is not a colour/,
    );
  });

  it('fails fast with a clear message on a bad value', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/Invalid environment configuration: PORT:/);
    expect(() => loadConfig({ ASSOCIATION_CODE: 'ersa' })).toThrow(/ASSOCIATION_CODE must be 2-8 capital letters/);
  });

  it('reads social links and sponsors as Name=https://address lists', () => {
    const config = loadConfig({
      ASSOCIATION_SOCIAL_LINKS: 'Facebook=https://facebook.com/ersa, Instagram=https://instagram.com/ersa',
      ASSOCIATION_SPONSORS: 'Alpine Ski Shop=https://alpine.example',
    });
    expect(config.association.socialLinks).toEqual([
      { name: 'Facebook', url: 'https://facebook.com/ersa' },
      { name: 'Instagram', url: 'https://instagram.com/ersa' },
    ]);
    expect(config.association.sponsors).toEqual([{ name: 'Alpine Ski Shop', url: 'https://alpine.example' }]);
    expect(() => loadConfig({ ASSOCIATION_SOCIAL_LINKS: 'Facebook=javascript:alert(1)' })).toThrow(
      /ASSOCIATION_SOCIAL_LINKS: "Facebook=javascript:alert\(1\)" must look like Name=https:\/\/address/,
    );
    expect(() => loadConfig({ ASSOCIATION_SPONSORS: 'https://no-name.example' })).toThrow(/ASSOCIATION_SPONSORS/);
  });

  it('uses PostgreSQL when DATABASE_URL is set', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://localhost/piste' }).databaseUrl).toBe('postgres://localhost/piste');
  });
});

describe('configuration: the public cache and the paint limit', () => {
  it('bounds the public cache at 32 MB and paints 60 pages a minute per address by default', () => {
    const config = loadConfig({});
    expect(config.publicCacheMaxBytes).toBe(33_554_432);
    expect(config.paintLimitPerMinute).toBe(60);
  });

  it('takes PUBLIC_CACHE_MAX_BYTES from 1 MB to 4 GB, whole bytes', () => {
    expect(loadConfig({ PUBLIC_CACHE_MAX_BYTES: '1048576' }).publicCacheMaxBytes).toBe(1_048_576);
    expect(loadConfig({ PUBLIC_CACHE_MAX_BYTES: '4294967296' }).publicCacheMaxBytes).toBe(4_294_967_296);
    expect(refusal({ PUBLIC_CACHE_MAX_BYTES: '1048575' })).toThrow(
      /PUBLIC_CACHE_MAX_BYTES: PUBLIC_CACHE_MAX_BYTES must be at least 1048576 \(1 MB\)/,
    );
    expect(refusal({ PUBLIC_CACHE_MAX_BYTES: '4294967297' })).toThrow(
      /PUBLIC_CACHE_MAX_BYTES must be at most 4294967296 \(4 GB\)/,
    );
    expect(refusal({ PUBLIC_CACHE_MAX_BYTES: '2000000.5' })).toThrow(/PUBLIC_CACHE_MAX_BYTES must be a whole number/);
    expect(refusal({ PUBLIC_CACHE_MAX_BYTES: '32MB' })).toThrow(/PUBLIC_CACHE_MAX_BYTES:/);
  });

  it('takes PAINT_LIMIT_PER_MINUTE from 0 (no limit) to 100000', () => {
    expect(loadConfig({ PAINT_LIMIT_PER_MINUTE: '0' }).paintLimitPerMinute).toBe(0);
    expect(loadConfig({ PAINT_LIMIT_PER_MINUTE: '100000' }).paintLimitPerMinute).toBe(100_000);
    expect(refusal({ PAINT_LIMIT_PER_MINUTE: '-1' })).toThrow(/PAINT_LIMIT_PER_MINUTE must be 0 \(no limit\) or more/);
    expect(refusal({ PAINT_LIMIT_PER_MINUTE: '100001' })).toThrow(/PAINT_LIMIT_PER_MINUTE must be at most 100000/);
    expect(refusal({ PAINT_LIMIT_PER_MINUTE: 'many' })).toThrow(/PAINT_LIMIT_PER_MINUTE:/);
  });
});

describe('configuration: the JWT secret', () => {
  it('is required in production', () => {
    expect(refusal({ NODE_ENV: 'production' })).toThrow(
      'Invalid environment configuration: JWT_SECRET: required in production',
    );
  });

  it('must be at least 32 characters: 31 is refused, 32 accepted', () => {
    const secret = GOOD_SECRET.slice(0, 32);
    expect(refusal({ NODE_ENV: 'production', JWT_SECRET: secret.slice(0, 31) })).toThrow(
      'Invalid environment configuration: JWT_SECRET: JWT_SECRET must be at least 32 characters',
    );
    expect(production({ JWT_SECRET: secret }).jwtSecret).toBe(secret);
    // in development too: a short secret is a mistake wherever it is set
    expect(refusal({ JWT_SECRET: secret.slice(0, 31) })).toThrow(/JWT_SECRET must be at least 32 characters/);
  });

  it('refuses in production the secrets printed in this project’s source', () => {
    const published =
      'Invalid environment configuration: JWT_SECRET: this value is published in the Piste source code; generate a secret of your own (openssl rand -hex 32)';
    for (const secret of [
      'development-only-secret-do-not-use-in-production!',
      'test-secret-that-is-long-enough-for-hs256!',
    ]) {
      expect(refusal({ NODE_ENV: 'production', JWT_SECRET: secret })).toThrow(published);
    }
  });

  it('refuses in production a secret of fewer than 8 different characters, or one short pattern repeated', () => {
    const simple =
      'Invalid environment configuration: JWT_SECRET: too simple (fewer than 8 different characters); generate one with openssl rand -hex 32';
    expect(refusal({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32) })).toThrow(simple);
    // 7 different characters, then 8 (one character changed)
    const seven = 'q7wq3e9rwq7e3r9w7qe39rw7q9e3wrq7';
    const eight = `${seven.slice(0, -1)}Z`;
    expect([new Set(seven).size, new Set(eight).size, seven.length]).toEqual([7, 8, 32]);
    expect(refusal({ NODE_ENV: 'production', JWT_SECRET: seven })).toThrow(simple);
    expect(production({ JWT_SECRET: eight }).jwtSecret).toBe(eight);

    const pattern =
      'Invalid environment configuration: JWT_SECRET: a short pattern repeated; generate one with openssl rand -hex 32';
    expect(refusal({ NODE_ENV: 'production', JWT_SECRET: 'abcdefgh'.repeat(4) })).toThrow(pattern);
    expect(refusal({ NODE_ENV: 'production', JWT_SECRET: 'Piste#2026!'.repeat(3) })).toThrow(pattern);
  });

  it('without JWT_SECRET in development, signs with a random secret made at start, and says so', () => {
    const first = loadConfig({});
    const second = loadConfig({});
    expect(first.jwtSecret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(second.jwtSecret).not.toBe(first.jwtSecret);
    expect(first.jwtSecret).not.toBe('development-only-secret-do-not-use-in-production!');
    expect(first.notices).toContainEqual({
      level: 'info',
      message:
        'JWT_SECRET is not set: access tokens are signed with a random secret made at start (they end when the server restarts; sign-ins renew them), and authenticators added meanwhile must be set up again after a restart',
    });
    expect(loadConfig({ JWT_SECRET: GOOD_SECRET }).notices).toEqual([]);
  });
});

describe('configuration: demo data', () => {
  it('is seeded by default only on the embedded database outside production', () => {
    expect(loadConfig({}).seedDemo).toBe(true);
    expect(loadConfig({ DATABASE_URL: 'postgres://localhost/piste' }).seedDemo).toBe(false);
    expect(production().seedDemo).toBe(false);
    expect(production({ DATA_DIR: 'memory://' }).seedDemo).toBe(false);
  });

  it('is seeded when asked for, anywhere', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://localhost/piste', SEED_DEMO: 'true' }).seedDemo).toBe(true);
    expect(production({ SEED_DEMO: 'true' }).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: 'false' }).seedDemo).toBe(false);
  });
});

describe('configuration: mail', () => {
  it('warns in production without SMTP_URL that reset links would go to the log', () => {
    const warning = {
      level: 'warn',
      message:
        'SMTP_URL is not set: no e-mail is sent (password resets, contact messages); the log names each one but withholds its text. Set SMTP_URL in production.',
    };
    expect(production({ SMTP_URL: '' }).notices).toEqual([warning]);
    expect(production().notices).toEqual([]);
    // in development the log is the expected mailbox
    expect(loadConfig({ JWT_SECRET: GOOD_SECRET }).notices).toEqual([]);
  });
});
describe('configuration: TRUST_PROXY', () => {
  const explained =
    'Invalid environment configuration: TRUST_PROXY: "true" would trust every address in X-Forwarded-For, so any client could choose its own; give the number of proxies in front of the app (e.g. 1) or their addresses (e.g. 10.0.0.5,10.1.0.0/16)';

  it('trusts no proxy by default', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '00', HOST: '0.0.0.0' }).trustProxy).toBe(false);
  });

  it('takes a number of proxy hops: that many addresses from the socket are proxies', () => {
    const one = loadConfig({ TRUST_PROXY: '1' }).trustProxy as TrustHops;
    expect([one.hops, one('10.0.0.2', 0), one('203.0.113.5', 1)]).toEqual([1, true, false]);
    const two = loadConfig({ TRUST_PROXY: '2' }).trustProxy as TrustHops;
    expect([two.hops, two('10.0.0.2', 1), two('203.0.113.5', 2)]).toEqual([2, true, false]);
  });

  it('warns that a hop count believes direct connections when the app listens beyond this machine', () => {
    expect(loadConfig({ TRUST_PROXY: '1', JWT_SECRET: GOOD_SECRET }).notices).toEqual([]);
    expect(loadConfig({ TRUST_PROXY: '1', JWT_SECRET: GOOD_SECRET, HOST: '0.0.0.0' }).notices).toEqual([
      {
        level: 'warn',
        message:
          "TRUST_PROXY=1 believes whoever connects to 0.0.0.0 directly about the client's address; if anything but your proxies can reach it, set TRUST_PROXY to their addresses instead",
      },
    ]);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5', JWT_SECRET: GOOD_SECRET, HOST: '0.0.0.0' }).notices).toEqual([]);
  });

  it('takes the proxies’ addresses and networks', () => {
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 10.1.0.0/16,::1,fd00::/8' }).trustProxy).toEqual([
      '10.0.0.5',
      '10.1.0.0/16',
      '::1',
      'fd00::/8',
    ]);
  });

  it('refuses "true", explaining the choice', () => {
    expect(refusal({ TRUST_PROXY: 'true' })).toThrow(explained);
    expect(refusal({ TRUST_PROXY: 'yes' })).toThrow(explained.replace('"true"', '"yes"'));
  });

  it('refuses what is neither a count nor addresses', () => {
    const bad = (value: string) =>
      `Invalid environment configuration: TRUST_PROXY: "${value}" is not a number of proxies, an IP address or a network (address/prefix)`;
    expect(refusal({ TRUST_PROXY: '10.0.0.300' })).toThrow(bad('10.0.0.300'));
    expect(refusal({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(bad('10.0.0.0/33'));
    expect(refusal({ TRUST_PROXY: '10.0.0.1,proxy.local' })).toThrow(bad('proxy.local'));
    expect(refusal({ TRUST_PROXY: '-1' })).toThrow(bad('-1'));
  });
});

describe('payment providers', () => {
  const STRIPE = {
    STRIPE_SECRET_KEY: 'sk_test_1',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_1',
    STRIPE_WEBHOOK_SECRET: 'whsec_1',
  };
  const PAYPAL = { PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 'secret' };

  it('without keys, outside production, the demo provider stands in and the log says so', () => {
    const { payments } = loadConfig({ JWT_SECRET: GOOD_SECRET });
    expect(payments).toMatchObject({ stripe: null, paypal: null, demo: true });
    expect(payments.notice).toEqual({
      level: 'info',
      message:
        'No keys for card payments (STRIPE_*) and wallet payments (PAYPAL_*): the demo payment provider stands in (labelled on screen; no money moves).',
    });
  });

  it('in production the demo provider is refused: without keys nothing stands in, and the log warns', () => {
    const { payments } = production(PAYPAL);
    expect(payments).toMatchObject({ stripe: null, demo: false, paypal: { environment: 'production' } });
    expect(payments.notice?.level).toBe('warn');
    expect(payments.notice?.message).toContain('in production nothing stands in');
  });

  it('with every key, both real providers and no demo; the API addresses may point elsewhere (stand-ins)', () => {
    const { payments } = loadConfig({
      JWT_SECRET: GOOD_SECRET,
      ...STRIPE,
      ...PAYPAL,
      STRIPE_API_URL: 'http://127.0.0.1:12111',
      PAYPAL_API_URL: 'http://127.0.0.1:12112',
    });
    expect(payments).toEqual({
      stripe: {
        secretKey: 'sk_test_1',
        publishableKey: 'pk_test_1',
        webhookSecret: 'whsec_1',
        apiUrl: 'http://127.0.0.1:12111',
      },
      paypal: { clientId: 'id', clientSecret: 'secret', environment: 'sandbox', apiUrl: 'http://127.0.0.1:12112' },
      demo: false,
      notice: null,
    });
  });

  it('half a provider configuration fails at start, naming what is missing', () => {
    expect(() => loadConfig({ JWT_SECRET: GOOD_SECRET, STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow(
      /STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET: set all three/,
    );
    expect(() => loadConfig({ JWT_SECRET: GOOD_SECRET, PAYPAL_CLIENT_ID: 'id' })).toThrow(/set both or neither/);
    expect(() => loadConfig({ JWT_SECRET: GOOD_SECRET, ...STRIPE, STRIPE_API_URL: 'ftp://x' })).toThrow(
      /STRIPE_API_URL/,
    );
  });
});
