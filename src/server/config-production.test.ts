import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

/** The refusals a volunteer meets when a production setting is missing or wrong (issue 25):
 * one test per variable and refusal, with the exact line the server prints. */
const GOOD_SECRET = '3f9c1e7a5b2d8064c1f7e9a3b5d20846e1c7a9f3b5d7e2c4a6f8091b3d5e7a9c';
const PRODUCTION = {
  NODE_ENV: 'production',
  JWT_SECRET: GOOD_SECRET,
  PUBLIC_URL: 'https://entries.example.org',
};
const STRIPE = {
  STRIPE_SECRET_KEY: 'sk_live_51abc',
  STRIPE_PUBLISHABLE_KEY: 'pk_live_51abc',
  STRIPE_WEBHOOK_SECRET: 'whsec_abc',
};
const refusal = (env: Record<string, string>) => () => loadConfig(env);
const line = (variable: string, message: string) => `Invalid environment configuration: ${variable}: ${message}`;

describe('PUBLIC_URL', () => {
  it('is required in production; links in e-mails are made from it', () => {
    const { PUBLIC_URL: _, ...withoutAddress } = PRODUCTION;
    expect(refusal(withoutAddress)).toThrow(
      line(
        'PUBLIC_URL',
        "required in production: the site's address as visitors reach it (e.g. https://entries.example.org); links in e-mails are made from it",
      ),
    );
    expect(loadConfig(PRODUCTION).publicUrl).toBe('https://entries.example.org');
  });

  it('is http://localhost:3000 outside production, and must be an http(s) address anywhere', () => {
    expect(loadConfig({}).publicUrl).toBe('http://localhost:3000');
    expect(refusal({ PUBLIC_URL: 'entries.example.org' })).toThrow(
      line('PUBLIC_URL', "must be the site's address, e.g. https://entries.example.org"),
    );
    expect(refusal({ PUBLIC_URL: 'ftp://entries.example.org' })).toThrow(
      /^Invalid environment configuration: PUBLIC_URL:/,
    );
  });

  it('on https makes the site https-only; plain http is allowed in production, with a warning', () => {
    expect(loadConfig(PRODUCTION).httpsOnly).toBe(true);
    expect(
      loadConfig(PRODUCTION)
        .notices.map((n) => n.message)
        .join(),
    ).not.toContain('PUBLIC_URL');
    // a Debian install before its certificate (README "Deploy" way 2, steps 5–6), a private network
    const plain = loadConfig({ ...PRODUCTION, PUBLIC_URL: 'http://entries.example.org' });
    expect(plain.httpsOnly).toBe(false);
    expect(plain.notices).toContainEqual({
      level: 'warn',
      message:
        'PUBLIC_URL is http://entries.example.org: sign-ins and payments cross the network unencrypted. Put the site on https (README "Deploy") and set PUBLIC_URL to its https address.',
    });
    // outside production nothing is https-only, whatever the address
    expect(loadConfig({ PUBLIC_URL: 'https://entries.example.org' }).httpsOnly).toBe(false);
  });
});

describe('MAIL_FROM', () => {
  it('is required in production when SMTP_URL is set', () => {
    expect(refusal({ ...PRODUCTION, SMTP_URL: 'smtp://mail.example.org:587' })).toThrow(
      line(
        'MAIL_FROM',
        'required in production when SMTP_URL is set: the sender your mail server accepts, e.g. ERSA Entries <entries@example.org>',
      ),
    );
    const config = loadConfig({ ...PRODUCTION, SMTP_URL: 'smtp://mail.example.org:587', MAIL_FROM: 'ERSA <e@x.org>' });
    expect(config.mailFrom).toBe('ERSA <e@x.org>');
  });

  it('is not needed without SMTP_URL (nothing is sent), nor outside production', () => {
    expect(loadConfig(PRODUCTION).mailFrom).toBe('Piste <no-reply@localhost>');
    expect(loadConfig({ SMTP_URL: 'smtp://localhost:2525' }).mailFrom).toBe('Piste <no-reply@localhost>');
  });
});

describe('OPS_EMAIL', () => {
  it("is where health alerts go; the association's e-mail when unset", () => {
    expect(loadConfig({}).opsEmail).toBe('info@ersa.example');
    expect(loadConfig({ ASSOCIATION_EMAIL: 'office@club.example' }).opsEmail).toBe('office@club.example');
    expect(loadConfig({ OPS_EMAIL: 'ops@club.example' }).opsEmail).toBe('ops@club.example');
    expect(refusal({ OPS_EMAIL: 'ops at club' })).toThrow(line('OPS_EMAIL', 'OPS_EMAIL must be an e-mail address'));
  });
});

describe('DATABASE_URL', () => {
  it('must be a PostgreSQL connection string, and the message never repeats it (its password)', () => {
    const problem = line(
      'DATABASE_URL',
      'not a PostgreSQL connection string; write it as postgres://user:password@host:5432/database',
    );
    for (const url of ['mysql://piste:s3cret@db/piste', 'piste:s3cret@localhost/piste', 'localhost']) {
      expect(refusal({ DATABASE_URL: url })).toThrow(problem);
    }
    expect(loadConfig({ DATABASE_URL: 'postgresql://piste:pw@db:5432/piste' }).databaseUrl).toBe(
      'postgresql://piste:pw@db:5432/piste',
    );
  });

  it('refuses an address that cannot be read, saying how to write a password with special characters', () => {
    expect(refusal({ DATABASE_URL: 'postgres://piste:s3cret@db:port/piste' })).toThrow(
      line(
        'DATABASE_URL',
        'not a valid address; write it as postgres://user:password@host:5432/database (in the password, write @ as %40, # as %23, / as %2F and : as %3A)',
      ),
    );
    expect(() => loadConfig({ DATABASE_URL: 'postgres://piste:s3cret@db:port/piste' })).not.toThrow(/s3cret/);
  });
});

describe('Stripe keys, checked by their prefixes', () => {
  it('accepts live keys, test keys and a restricted secret key', () => {
    expect(loadConfig({ ...PRODUCTION, ...STRIPE }).payments.stripe?.publishableKey).toBe('pk_live_51abc');
    const test = {
      STRIPE_SECRET_KEY: 'sk_test_1',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
    };
    expect(loadConfig(test).payments.stripe?.secretKey).toBe('sk_test_1');
    expect(loadConfig({ ...PRODUCTION, ...STRIPE, STRIPE_SECRET_KEY: 'rk_live_9' }).payments.stripe?.secretKey).toBe(
      'rk_live_9',
    );
  });

  it('refuses a secret key in the publishable slot: it would be shown to every visitor', () => {
    const shown = line(
      'STRIPE_PUBLISHABLE_KEY',
      "this is a secret key (sk_… or rk_…): the publishable key is shown to every visitor's browser, so this key would be too; put the publishable key (pk_live_… or pk_test_…) here, keep the secret key in STRIPE_SECRET_KEY only, and roll the secret key in Stripe's dashboard if it was ever served",
    );
    expect(refusal({ ...PRODUCTION, ...STRIPE, STRIPE_PUBLISHABLE_KEY: 'sk_live_51abc' })).toThrow(shown);
    expect(refusal({ ...PRODUCTION, ...STRIPE, STRIPE_PUBLISHABLE_KEY: 'rk_live_51abc' })).toThrow(shown);
    // outside production too: the demo site would serve it just the same
    expect(refusal({ ...STRIPE, STRIPE_PUBLISHABLE_KEY: 'sk_test_1', STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow(shown);
  });

  it('refuses a publishable key without pk_live_ or pk_test_', () => {
    expect(refusal({ ...PRODUCTION, ...STRIPE, STRIPE_PUBLISHABLE_KEY: 'pk_51abc' })).toThrow(
      line('STRIPE_PUBLISHABLE_KEY', "must start with pk_live_ or pk_test_ (Stripe's Developers → API keys)"),
    );
  });

  it('refuses a secret key without sk_ or rk_ and its mode', () => {
    const problem = line(
      'STRIPE_SECRET_KEY',
      "must start with sk_live_ or sk_test_ (or rk_live_/rk_test_ for a restricted key; Stripe's Developers → API keys)",
    );
    expect(refusal({ ...PRODUCTION, ...STRIPE, STRIPE_SECRET_KEY: 'pk_live_51abc' })).toThrow(problem);
    expect(refusal({ ...PRODUCTION, ...STRIPE, STRIPE_SECRET_KEY: 'whsec_abc' })).toThrow(problem);
  });

  it('refuses a webhook secret without whsec_', () => {
    expect(refusal({ ...PRODUCTION, ...STRIPE, STRIPE_WEBHOOK_SECRET: 'we_1Nabc' })).toThrow(
      line(
        'STRIPE_WEBHOOK_SECRET',
        "must start with whsec_ (the signing secret of the webhook endpoint, Stripe's Developers → Webhooks)",
      ),
    );
  });

  it('refuses test and live mixed between the publishable and the secret key, either way round', () => {
    expect(refusal({ ...PRODUCTION, ...STRIPE, STRIPE_PUBLISHABLE_KEY: 'pk_test_51abc' })).toThrow(
      line(
        'STRIPE_PUBLISHABLE_KEY, STRIPE_SECRET_KEY',
        "one is a test key and the other a live key (publishable test, secret live); take both from the same mode in Stripe's dashboard",
      ),
    );
    expect(refusal({ ...PRODUCTION, ...STRIPE, STRIPE_SECRET_KEY: 'rk_test_51abc' })).toThrow(
      /\(publishable live, secret test\)/,
    );
  });
});

describe('the refusal is one line per problem', () => {
  it('names each variable on its own line', () => {
    expect(refusal({ PORT: 'eighty', ASSOCIATION_CODE: 'ersa' })).toThrow(
      /^Invalid environment configuration: PORT: .+\nInvalid environment configuration: ASSOCIATION_CODE: ASSOCIATION_CODE must be 2-8 capital letters$/,
    );
  });
});
