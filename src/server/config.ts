import { z } from 'zod';

/**
 * Environment, read once and validated; the app fails fast with a clear message when a value
 * is wrong. Every variable here is documented in the README.
 */
const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

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

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: z.url().default('http://localhost:3000'),
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default('data'),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  ACCESS_TOKEN_MINUTES: z.coerce.number().int().min(1).max(60).default(15),
  REFRESH_TOKEN_DAYS: z.coerce.number().int().min(1).max(90).default(14),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Piste <no-reply@localhost>'),
  ASSOCIATION_CODE: z
    .string()
    .regex(/^[A-Z]{2,8}$/, 'ASSOCIATION_CODE must be 2-8 capital letters')
    .default('ERSA'),
  ASSOCIATION_NAME: z.string().default('Eastern Region Snowsports Association'),
  ASSOCIATION_EMAIL: z.email().default('info@ersa.example'),
  ASSOCIATION_SOCIAL_LINKS: namedLinks,
  ASSOCIATION_SPONSORS: namedLinks,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ACCESS_LOG_SAMPLE: z.coerce.number().min(0).max(1).default(0.05),
  TRUST_PROXY: bool.default(false),
  SEED_DEMO: bool.optional(),
  WEB_DIST: z.string().default('dist/web'),
});

export type Env = z.infer<typeof EnvSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  isProduction: boolean;
  host: string;
  port: number;
  publicUrl: string;
  /** PostgreSQL connection string; absent means the embedded PGlite database under dataDir. */
  databaseUrl: string | undefined;
  /** Directory for the embedded database and uploads; `memory://` keeps PGlite in memory. */
  dataDir: string;
  jwtSecret: string;
  accessTokenMinutes: number;
  refreshTokenDays: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  association: {
    code: string;
    name: string;
    email: string;
    socialLinks: { name: string; url: string }[];
    sponsors: { name: string; url: string }[];
  };
  logLevel: Env['LOG_LEVEL'];
  /** Share of successful public reads the access log writes (errors, writes and slow answers: all). */
  accessLogSample: number;
  trustProxy: boolean;
  seedDemo: boolean;
  webDist: string;
}

const DEV_SECRET = 'development-only-secret-do-not-use-in-production!';

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === 'production';
  if (isProduction && !e.JWT_SECRET) {
    throw new Error('Invalid environment configuration:\n  JWT_SECRET: required in production');
  }
  return {
    env: e.NODE_ENV,
    isProduction,
    host: e.HOST,
    port: e.PORT,
    publicUrl: e.PUBLIC_URL.replace(/\/$/, ''),
    databaseUrl: e.DATABASE_URL || undefined,
    dataDir: e.DATA_DIR,
    jwtSecret: e.JWT_SECRET ?? DEV_SECRET,
    accessTokenMinutes: e.ACCESS_TOKEN_MINUTES,
    refreshTokenDays: e.REFRESH_TOKEN_DAYS,
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    association: {
      code: e.ASSOCIATION_CODE,
      name: e.ASSOCIATION_NAME,
      email: e.ASSOCIATION_EMAIL,
      socialLinks: e.ASSOCIATION_SOCIAL_LINKS,
      sponsors: e.ASSOCIATION_SPONSORS,
    },
    logLevel: e.LOG_LEVEL,
    accessLogSample: e.ACCESS_LOG_SAMPLE,
    trustProxy: e.TRUST_PROXY,
    seedDemo: e.SEED_DEMO ?? !isProduction,
    webDist: e.WEB_DIST,
  };
}
