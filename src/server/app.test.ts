import { beforeEach, describe, expect, it } from 'vitest';
import { FAULT_MSG } from '../domain/faults.ts';
import { buildApp } from './app.ts';
import { AppError } from './errors.ts';
import { setMaintenance } from './maintenance/service.ts';
import { describeForLog } from './plugins/errors.ts';
import { signedIn } from './test/fixtures.ts';
import { bearer, json, openTestDatabase, testConfig, useTestApp } from './test/helper.ts';

const t = useTestApp();

describe('the application shell', () => {
  it('answers the version', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/version/' });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ version: expect.stringMatching(/^\d+\.\d+\.\d+$/) });
  });

  it('names the association from configuration', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/association/' });
    expect(json(res)).toEqual({
      code: 'ERSA',
      name: 'Eastern Region Snowsports Association',
      email: 'info@ersa.example',
      social_links: [],
      sponsors: [],
    });
  });

  it('serves the OpenAPI document and its UI at /api/docs', async () => {
    const doc = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    const paths = Object.keys((doc.json() as { paths: Record<string, unknown> }).paths);
    expect(paths).toContain('/api/v1/version/');
    expect(paths).toContain('/api/v1/maintenance/status/');
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/no-such-thing/' });
    expect(res.statusCode).toBe(404);
    expect(json(res)).toEqual({ error: 'No route for GET /api/v1/no-such-thing/', code: 'NOT_FOUND' });
  });

  it('sends security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/version/' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
  });
});

describe('bad input never becomes a 500', () => {
  let access = '';
  beforeEach(async () => {
    access = (await signedIn(t.app, 'super')).access;
  });
  const toggle = (payload: string, contentType = 'application/json') =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/maintenance/toggle/',
      payload,
      headers: { 'content-type': contentType, ...bearer(access) },
    });

  it('malformed JSON → 400 with a clear message', async () => {
    const res = await toggle('{"is_enabled": tru');
    expect(res.statusCode).toBe(400);
    expect(json(res)).toEqual({ error: FAULT_MSG.notJson, code: 'BAD_REQUEST' });
  });

  it('an oversize body → 413 with a clear message', async () => {
    const res = await toggle(JSON.stringify({ is_enabled: true, pad: 'x'.repeat(1024 * 1024 + 10) }));
    expect(res.statusCode).toBe(413);
    expect(json(res)).toEqual({ error: 'The request body is too large.', code: 'PAYLOAD_TOO_LARGE' });
  });

  it('an unsupported content type → 415', async () => {
    const res = await toggle('is_enabled=true', 'text/csv');
    expect(res.statusCode).toBe(415);
    expect(json(res).code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });
});

describe('the error handler', () => {
  it('hides the details of an unexpected failure behind a plain 500', async () => {
    const app = await buildApp({ config: testConfig(), database: await openTestDatabase() });
    app.get('/api/v1/boom/', { config: { access: 'public' } }, async () => {
      throw new Error('secret connection string postgres://user:pw@db');
    });
    await app.ready();
    try {
      const res = await app.inject({ method: 'GET', url: '/api/v1/boom/' });
      expect(res.statusCode).toBe(500);
      expect(json(res)).toEqual({ error: 'Internal Server Error', code: 'INTERNAL' });
      expect(res.body).not.toContain('secret');
    } finally {
      await app.close();
    }
  });

  it('renders an AppError with its status, message and field errors', () => {
    const error = AppError.validation({ email: ['Email is required'] });
    expect(error.status).toBe(400);
    expect(error.toJSON()).toEqual({
      error: 'Email is required',
      code: 'VALIDATION',
      errors: { email: ['Email is required'] },
    });
  });
});

describe('answers the router gives before any route runs', () => {
  it('a broken percent-escape → 400 in the one error shape, with the security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/%zz/' });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toEqual({ error: 'The address is not valid.', code: 'BAD_REQUEST' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('a 5,000-character path segment → 414 that does not echo the path', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/products/${'a'.repeat(5000)}/` });
    expect(res.statusCode).toBe(414);
    expect(json(res)).toEqual({ error: 'The address is too long.', code: 'URI_TOO_LONG' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.body.length).toBeLessThan(200);
  });

  it('a long unknown path is cut short in the 404 message', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/${'b'.repeat(5000)}` });
    expect(res.statusCode).toBe(404);
    expect(res.body.length).toBeLessThan(400);
  });
});

describe('caching of API answers', () => {
  it('says no-store on answers that carry tokens or personal data', async () => {
    const user = await signedIn(t.app, 'user');
    const profile = await t.app.inject({ method: 'GET', url: '/api/v1/profile/', headers: bearer(user.access) });
    expect(profile.headers['cache-control']).toBe('no-store');
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/login/',
      payload: { username: user.user.username, password: user.user.password },
    });
    expect(login.statusCode).toBe(200);
    expect(login.headers['cache-control']).toBe('no-store');
    // through another spelling too
    const encoded = await t.app.inject({ method: 'GET', url: '/%61pi/v1/profile/', headers: bearer(user.access) });
    expect(encoded.headers['cache-control']).toBe('no-store');
  });

  it('lets the cached public reads say no-cache with their ETag', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/faqs/' });
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.etag).toMatch(/^".+"$/);
  });
});

describe('what the log keeps of an unexpected error', () => {
  it('drops the failed query and its parameters, keeping the cause and the frames', () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "users_pkey"'), {
      code: '23505',
    });
    const error = Object.assign(
      new Error('Failed query: insert into "users" values ($1, $2)\nparams: pat@example.com,$argon2id$v=19$m=19456'),
      { name: 'DrizzleQueryError', cause },
    );
    const logged = describeForLog(error);
    expect(logged).toMatchObject({
      type: 'DrizzleQueryError',
      code: '23505',
      message: 'duplicate key value violates unique constraint "users_pkey"',
    });
    const text = JSON.stringify(logged);
    expect(text).not.toContain('pat@example.com');
    expect(text).not.toContain('argon2id');
    expect(logged.stack).toMatch(/^\s+at /);
  });

  it('logs a maintenance refusal at info, without an error or a stack', async () => {
    const lines: string[] = [];
    const app = await buildApp({
      config: testConfig({ LOG_LEVEL: 'info' }),
      database: await openTestDatabase(),
      logStream: { write: (line) => lines.push(line) },
    });
    try {
      await setMaintenance(app.ctx, true);
      const res = await app.inject({ method: 'GET', url: '/api/v1/faqs/' });
      expect(res.statusCode).toBe(503);
    } finally {
      await app.close();
    }
    const entries = lines
      .flatMap((l) => l.split('\n').filter(Boolean))
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(entries.some((e) => e.msg === 'refused during maintenance' && e.level === 30)).toBe(true);
    expect(entries.filter((e) => Number(e.level) >= 50)).toEqual([]);
    expect(JSON.stringify(entries)).not.toContain('"stack"');
  });
});
