import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('configuration', () => {
  it('has working defaults for a local run', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, databaseUrl: undefined, dataDir: 'data', seedDemo: true });
    expect(config.association).toEqual({
      code: 'ERSA',
      name: 'Eastern Region Snowsports Association',
      email: 'info@ersa.example',
      socialLinks: [],
      sponsors: [],
    });
  });

  it('fails fast with a clear message on a bad value', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/Invalid environment configuration:\n {2}PORT:/);
    expect(() => loadConfig({ ASSOCIATION_CODE: 'ersa' })).toThrow(/ASSOCIATION_CODE must be 2-8 capital letters/);
  });

  it('requires a JWT secret of at least 32 characters in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET: required in production/);
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'short' })).toThrow(/at least 32 characters/);
    const config = loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32) });
    expect(config.isProduction).toBe(true);
    expect(config.seedDemo).toBe(false);
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
