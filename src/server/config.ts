import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { z } from 'zod';
import { type Colours, parseColours } from '../domain/colours.ts';
import { ConfigError, invalid, type Notice } from './config-error.ts';
import { type PaymentsConfig, paymentsConfig } from './config-payments.ts';

/**
 * Environment, read once and validated; the app fails fast with a clear message when a value
 * is wrong. Every variable here is documented in the README.
 */
const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/**
 * TRUST_PROXY: which proxies may say who the client is (docs/decisions/0008-proxy-trust.md).
 * Unset, `false` or `0`: none, the socket's address is the client. A number: that many proxies
 * in front of the app, the client is the address they added. A list of IPs and networks
 * (`10.0.0.5,10.1.0.0/16`): those are proxies, the client is the first address from the right
 * that is not. `true` would believe every X-Forwarded-For entry, the client's own made-up ones
 * included, so it is refused with the alternatives.
 */
const trustProxy = z
  .string()
  .default('false')
  .transform((text, ctx): false | number | string[] => {
    const value = text.trim();
    if (value === '' || value === 'false' || value === 'no' || /^0+$/.test(value)) return false;
    if (value === 'true' || value === 'yes') {
      ctx.addIssue({
        code: 'custom',
        message: `"${value}" would trust every address in X-Forwarded-For, so any client could choose its own; give the number of proxies in front of the app (e.g. 1) or their addresses (e.g. 10.0.0.5,10.1.0.0/16)`,
      });
      return z.NEVER;
    }
    if (/^\d{1,2}$/.test(value)) return Number(value);
    const entries = value
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const bad = entries.find((entry) => !isAddressOrNetwork(entry)) ?? (entries.length ? undefined : value);
    if (bad !== undefined) {
      ctx.addIssue({
        code: 'custom',
        message: `"${bad}" is not a number of proxies, an IP address or a network (address/prefix)`,
      });
      return z.NEVER;
    }
    return entries;
  });

function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || host.startsWith('127.');
}

function isAddressOrNetwork(entry: string): boolean {
  const [address = '', prefix, extra] = entry.split('/');
  const version = isIP(address);
  if (!version || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/** "Name=https://…,Name=https://…" → [{ name, url }]; each address must be http(s). */
const namedLinks = z
  .string()
  .default('')
  .transform((text, ctx) => {
    const links: { name: string; url: string }[] = [];
    for (const item of text
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)) {
      const at = item.indexOf('=');
      const name = item.slice(0, at).trim();
      const url = item.slice(at + 1).trim();
      if (at < 1 || !/^https?:\/\/\S+$/.test(url)) {
        ctx.addIssue({ code: 'custom', message: `"${item}" must look like Name=https://address` });
        return z.NEVER;
      }
      links.push({ name, url });
    }
    return links;
  });

/** "primary=#1c4e80,accent=#e8a33d": the e-mails' colours (domain/colours.ts), hex only, with
 * a primary dark enough for white text on it. */
const colours = z
  .string()
  .default('')
  .transform((text, ctx) => {
    const parsed = parseColours(text);
    if ('error' in parsed) {
      ctx.addIssue({ code: 'custom', message: parsed.error });
      return z.NEVER;
    }
    return parsed.colours;
  });

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Required in production (links in e-mails are built from it); http://localhost:3000 elsewhere. */
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, message: "must be the site's address, e.g. https://entries.example.org" })
    .optional(),
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default('data'),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  /** The JWT_SECRET before a rotation: authenticator secrets sealed with it are sealed again with
   * JWT_SECRET at the next start (accounts/totp-secrets.ts, docs/decisions/0064). */
  JWT_SECRET_PREVIOUS: z.string().min(32, 'JWT_SECRET_PREVIOUS must be at least 32 characters').optional(),
  ACCESS_TOKEN_MINUTES: z.coerce.number().int().min(1).max(60).default(15),
  REFRESH_TOKEN_DAYS: z.coerce.number().int().min(1).max(90).default(14),
  SMTP_URL: z.string().optional(),
  /** Required in production when SMTP_URL is set; a placeholder elsewhere. */
  MAIL_FROM: z.string().optional(),
  /** Where the site's health alerts go (the association's e-mail when unset). */
  OPS_EMAIL: z.email('OPS_EMAIL must be an e-mail address').optional(),
  ASSOCIATION_CODE: z
    .string()
    .regex(/^[A-Z]{2,8}$/, 'ASSOCIATION_CODE must be 2-8 capital letters')
    .default('ERSA'),
  ASSOCIATION_NAME: z.string().default('Eastern Region Snowsports Association'),
  ASSOCIATION_EMAIL: z.email().default('info@ersa.example'),
  ASSOCIATION_SOCIAL_LINKS: namedLinks,
  ASSOCIATION_SPONSORS: namedLinks,
  ASSOCIATION_COLOURS: colours,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ACCESS_LOG_SAMPLE: z.coerce.number().min(0).max(1).default(0.01),
  TRUST_PROXY: trustProxy,
  SEED_DEMO: bool.optional(),
  /** Super administrators must sign in with an authenticator: on by default in production
   * (docs/decisions/0062); `false` is the documented way to turn it off. */
  TOTP_REQUIRED_FOR_SUPER: bool.optional(),
  WEB_DIST: z.string().default('dist/web'),
  PUBLIC_CACHE_COALESCE_MS: z.coerce.number().int().min(0).max(5000).default(250),
  PUBLIC_CACHE_MAX_BYTES: z.coerce
    .number()
    .int('PUBLIC_CACHE_MAX_BYTES must be a whole number of bytes')
    .min(
      1_048_576,
      'PUBLIC_CACHE_MAX_BYTES must be at least 1048576 (1 MB): a painted page with its compressed copies is about 100 KB',
    )
    .max(4_294_967_296, 'PUBLIC_CACHE_MAX_BYTES must be at most 4294967296 (4 GB)')
    .default(33_554_432),
  PAINT_LIMIT_PER_MINUTE: z.coerce
    .number()
    .int('PAINT_LIMIT_PER_MINUTE must be a whole number')
    .min(0, 'PAINT_LIMIT_PER_MINUTE must be 0 (no limit) or more')
    .max(100_000, 'PAINT_LIMIT_PER_MINUTE must be at most 100000')
    .default(60),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  PAYPAL_CLIENT_ID: z.string().optional(),
  PAYPAL_CLIENT_SECRET: z.string().optional(),
  PAYPAL_ENVIRONMENT: z.enum(['sandbox', 'production']).optional(),
  PAYPAL_API_URL: z.url({ protocol: /^https?$/ }).optional(),
});

export type Env = z.infer<typeof EnvSchema>;

/** Trusts the first `hops` addresses counted from the socket: what TRUST_PROXY=<number> means. */
export type TrustHops = ((address: string, hop: number) => boolean) & { hops: number };

function trustHops(hops: number): TrustHops {
  return Object.assign((_address: string, hop: number) => hop < hops, { hops });
}

export interface Config {
  env: Env['NODE_ENV'];
  isProduction: boolean;
  host: string;
  port: number;
  publicUrl: string;
  /** Production on an https address: cookies are Secure and browsers are asked to upgrade
   * insecure requests. A plain-http address (before the certificate, a private network) gets
   * neither: either would break sign-in or every page's styles and scripts there. */
  httpsOnly: boolean;
  /** PostgreSQL connection string; absent means the embedded PGlite database under dataDir. */
  databaseUrl: string | undefined;
  /** Directory for the embedded database and uploads; `memory://` keeps PGlite in memory. */
  dataDir: string;
  jwtSecret: string;
  /** JWT_SECRET_PREVIOUS: the secret before a rotation, read only to seal authenticator secrets again. */
  jwtSecretPrevious: string | undefined;
  accessTokenMinutes: number;
  refreshTokenDays: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Where the site's health alerts go: OPS_EMAIL, else the association's e-mail. */
  opsEmail: string;
  association: {
    code: string;
    name: string;
    email: string;
    socialLinks: { name: string; url: string }[];
    sponsors: { name: string; url: string }[];
    /** The e-mails' colours (ASSOCIATION_COLOURS). */
    colours: Colours;
  };
  logLevel: Env['LOG_LEVEL'];
  /** Share of successful public reads the access log writes (errors, writes and slow answers: all). */
  accessLogSample: number;
  /** Fastify's trustProxy: false, the proxies' addresses and networks, or for a number of hops a
   * function trusting that many (Fastify itself ignores a bare number). */
  trustProxy: false | string[] | TrustHops;
  seedDemo: boolean;
  /** TOTP_REQUIRED_FOR_SUPER (default: true in production, false elsewhere): a super
   * administrator without a confirmed authenticator may only set one up; every other call of the
   * session is refused until it is on (plugins/access.ts, docs/decisions/0062). An environment
   * variable, not a site setting, so that a stolen super administrator's session cannot turn it
   * off. */
  totpRequiredForSuper: boolean;
  webDist: string;
  /** After bookings, the public cache is dropped at most once per this many ms (0: every time). */
  publicCacheCoalesceMs: number;
  /** The public cache holds at most this many bytes (least recently used first out). */
  publicCacheMaxBytes: number;
  /** Pages painted for one client address (IPv6: its /64) in a minute, cache hits not counted;
   * 0: no limit. */
  paintLimitPerMinute: number;
  payments: PaymentsConfig;
  /** Said in the log at start: a random development secret, mail going to the log … */
  notices: Notice[];
}

/** Secrets that have been printed in this project's source (the old development default, the
 * tests' own): anyone can sign tokens with them, so production refuses them. */
const PUBLISHED_SECRETS = new Set([
  'development-only-secret-do-not-use-in-production!',
  'test-secret-that-is-long-enough-for-hs256!',
]);

const GENERATE = 'generate one with openssl rand -hex 32';

/** True when the text is one shorter piece repeated (with a partial copy at the end allowed). */
function isRepeatedPattern(text: string): boolean {
  for (let period = 1; period <= text.length / 2; period++) {
    let repeats = true;
    for (let i = period; i < text.length && repeats; i++) repeats = text[i] === text[i - period];
    if (repeats) return true;
  }
  return false;
}

/** Why a production JWT secret is refused, or null when it will do. Its length (≥ 32) is checked
 * by the schema, everywhere. */
function weakSecret(secret: string): string | null {
  if (PUBLISHED_SECRETS.has(secret)) {
    return 'this value is published in the Piste source code; generate a secret of your own (openssl rand -hex 32)';
  }
  if (new Set(secret).size < 8) return `too simple (fewer than 8 different characters); ${GENERATE}`;
  if (isRepeatedPattern(secret)) return `a short pattern repeated; ${GENERATE}`;
  return null;
}

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => ({ variable: i.path.join('.'), message: i.message })));
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === 'production';
  const notices: Notice[] = [];
  let jwtSecret = e.JWT_SECRET;
  if (isProduction) {
    if (!jwtSecret) throw invalid('JWT_SECRET', 'required in production');
    const weakness = weakSecret(jwtSecret);
    if (weakness) throw invalid('JWT_SECRET', weakness);
  } else if (!jwtSecret) {
    // Never a secret written in the source: anyone could sign tokens with it.
    jwtSecret = randomBytes(32).toString('base64url');
    notices.push({
      level: 'info',
      message:
        'JWT_SECRET is not set: access tokens are signed with a random secret made at start (they end when the server restarts; sign-ins renew them), and authenticators added meanwhile must be set up again after a restart',
    });
  }
  const smtpUrl = e.SMTP_URL || undefined;
  if (isProduction) requireProductionAddresses(e, smtpUrl);
  if (isProduction && !smtpUrl) {
    notices.push({
      level: 'warn',
      message:
        'SMTP_URL is not set: no e-mail is sent (password resets, contact messages); the log names each one but withholds its text. Set SMTP_URL in production.',
    });
  }
  const databaseUrl = e.DATABASE_URL || undefined;
  if (databaseUrl) checkDatabaseUrl(databaseUrl);
  if (typeof e.TRUST_PROXY === 'number' && !isLoopback(e.HOST)) {
    notices.push({
      level: 'warn',
      message: `TRUST_PROXY=${e.TRUST_PROXY} believes whoever connects to ${e.HOST} directly about the client's address; if anything but your proxies can reach it, set TRUST_PROXY to their addresses instead`,
    });
  }
  const publicUrl = (e.PUBLIC_URL ?? 'http://localhost:3000').replace(/\/$/, '');
  if (isProduction && !publicUrl.startsWith('https://')) {
    notices.push({
      level: 'warn',
      message: `PUBLIC_URL is ${publicUrl}: sign-ins and payments cross the network unencrypted. Put the site on https (README "Deploy") and set PUBLIC_URL to its https address.`,
    });
  }
  if (isProduction && e.TOTP_REQUIRED_FOR_SUPER === false) {
    notices.push({
      level: 'warn',
      message:
        'TOTP_REQUIRED_FOR_SUPER=false: super administrators may sign in with a password alone. Remove it once every super administrator has an authenticator (docs/decisions/0062).',
    });
  }
  const payments = paymentsConfig(e, isProduction);
  return {
    env: e.NODE_ENV,
    isProduction,
    host: e.HOST,
    port: e.PORT,
    publicUrl,
    httpsOnly: isProduction && publicUrl.startsWith('https://'),
    databaseUrl,
    dataDir: e.DATA_DIR,
    jwtSecret,
    jwtSecretPrevious: e.JWT_SECRET_PREVIOUS || undefined,
    accessTokenMinutes: e.ACCESS_TOKEN_MINUTES,
    refreshTokenDays: e.REFRESH_TOKEN_DAYS,
    smtpUrl,
    mailFrom: e.MAIL_FROM || 'Piste <no-reply@localhost>',
    opsEmail: e.OPS_EMAIL ?? e.ASSOCIATION_EMAIL,
    association: {
      code: e.ASSOCIATION_CODE,
      name: e.ASSOCIATION_NAME,
      email: e.ASSOCIATION_EMAIL,
      socialLinks: e.ASSOCIATION_SOCIAL_LINKS,
      sponsors: e.ASSOCIATION_SPONSORS,
      colours: e.ASSOCIATION_COLOURS,
    },
    logLevel: e.LOG_LEVEL,
    accessLogSample: e.ACCESS_LOG_SAMPLE,
    trustProxy: typeof e.TRUST_PROXY === 'number' ? trustHops(e.TRUST_PROXY) : e.TRUST_PROXY,
    // Demo data is asked for, except in the one place it is the point: `npm start` on the
    // embedded database. A real database (DATABASE_URL) or production never gets it by default.
    seedDemo: e.SEED_DEMO ?? (!isProduction && !databaseUrl),
    // on in production unless turned off explicitly; elsewhere (npm start's demo, npm run dev,
    // the tests) off unless asked for
    totpRequiredForSuper: e.TOTP_REQUIRED_FOR_SUPER ?? isProduction,
    webDist: e.WEB_DIST,
    publicCacheCoalesceMs: e.PUBLIC_CACHE_COALESCE_MS,
    publicCacheMaxBytes: e.PUBLIC_CACHE_MAX_BYTES,
    paintLimitPerMinute: e.PAINT_LIMIT_PER_MINUTE,
    payments,
    notices,
  };
}

/** Production needs the site's own address (links in e-mails went to http://localhost:3000) and,
 * when mail is sent, a sender the mail server accepts. */
function requireProductionAddresses(e: Env, smtpUrl: string | undefined): void {
  if (!e.PUBLIC_URL) {
    throw invalid(
      'PUBLIC_URL',
      "required in production: the site's address as visitors reach it (e.g. https://entries.example.org); links in e-mails are made from it",
    );
  }
  if (smtpUrl && !e.MAIL_FROM) {
    throw invalid(
      'MAIL_FROM',
      'required in production when SMTP_URL is set: the sender your mail server accepts, e.g. ERSA Entries <entries@example.org>',
    );
  }
}

/** A PostgreSQL connection string, checked before anything connects; its value (with its
 * password) is never repeated in the message. */
function checkDatabaseUrl(url: string): void {
  if (!/^postgres(ql)?:\/\//i.test(url)) {
    throw invalid(
      'DATABASE_URL',
      'not a PostgreSQL connection string; write it as postgres://user:password@host:5432/database',
    );
  }
  if (!URL.canParse(url)) {
    throw invalid(
      'DATABASE_URL',
      'not a valid address; write it as postgres://user:password@host:5432/database (in the password, write @ as %40, # as %23, / as %2F and : as %3A)',
    );
  }
}
