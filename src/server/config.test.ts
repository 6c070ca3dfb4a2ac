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

  it('uses PostgreSQL when DATABASE_URL is set', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://localhost/piste' }).databaseUrl).toBe('postgres://localhost/piste');
  });
});
