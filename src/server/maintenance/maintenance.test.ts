import { describe, expect, it, vi } from 'vitest';
import { MAINTENANCE_MESSAGE } from '../plugins/access.ts';
import { signedIn } from '../test/fixtures.ts';
import { bearer, json, useTestApp } from '../test/helper.ts';
import { isMaintenanceEnabled, maintenanceIfKnown, resetMaintenanceCache, setMaintenance } from './service.ts';

const t = useTestApp();

const status = (headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: '/api/v1/maintenance/status/', headers });
const toggle = (is_enabled: boolean, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/v1/maintenance/toggle/', payload: { is_enabled }, headers });

describe('maintenance status', () => {
  it('is off by default and nobody anonymous can bypass', async () => {
    const res = await status();
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ is_enabled: false, can_bypass: false, is_super_admin: false });
  });

  it('reports a super administrator as able to bypass, and an administrator as not', async () => {
    const superAdmin = await signedIn(t.app, 'super');
    const admin = await signedIn(t.app, 'admin');
    expect(json(await status(bearer(superAdmin.access)))).toEqual({
      is_enabled: false,
      can_bypass: true,
      is_super_admin: true,
    });
    expect(json(await status(bearer(admin.access)))).toEqual({
      is_enabled: false,
      can_bypass: false,
      is_super_admin: false,
    });
  });
});

describe('maintenance toggle', () => {
  it('answers 401 without a token', async () => {
    expect((await toggle(true)).statusCode).toBe(401);
  });

  it('checks the caller before the body: anonymous with a bad body is 401, not 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/maintenance/toggle/',
      payload: '{"is_enabled": "nonsense"',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('answers 403 to an ordinary user and to an administrator who is not super', async () => {
    const user = await signedIn(t.app, 'user');
    const admin = await signedIn(t.app, 'admin');
    expect((await toggle(true, bearer(user.access))).statusCode).toBe(403);
    expect((await toggle(true, bearer(admin.access))).statusCode).toBe(403);
    expect(json(await status()).is_enabled).toBe(false);
  });

  it('lets a super administrator switch it on and off', async () => {
    const superAdmin = await signedIn(t.app, 'super');
    const on = await toggle(true, bearer(superAdmin.access));
    expect(on.statusCode).toBe(200);
    expect(json(on)).toEqual({ is_enabled: true });
    expect(json(await status()).is_enabled).toBe(true);
    expect(json(await toggle(false, bearer(superAdmin.access)))).toEqual({ is_enabled: false });
    expect(json(await status()).is_enabled).toBe(false);
  });

  it('refuses a body that is not a boolean, or has unknown fields', async () => {
    const superAdmin = await signedIn(t.app, 'super');
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/v1/maintenance/toggle/',
      payload: { is_enabled: 'yes' },
      headers: bearer(superAdmin.access),
    });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).errors).toHaveProperty('is_enabled');
    const extra = await t.app.inject({
      method: 'POST',
      url: '/api/v1/maintenance/toggle/',
      payload: { is_enabled: true, force: true },
      headers: bearer(superAdmin.access),
    });
    expect(extra.statusCode).toBe(400);
    expect(json(extra).errors).toEqual({ force: ['Unknown field: force'] });
  });
});

describe('maintenance gate', () => {
  it('closes the API to everyone but super administrators while on', async () => {
    const superAdmin = await signedIn(t.app, 'super');
    const admin = await signedIn(t.app, 'admin');
    await toggle(true, bearer(superAdmin.access));

    const anonymous = await t.app.inject({ method: 'GET', url: '/api/v1/profile/' });
    expect(anonymous.statusCode).toBe(503);
    expect(json(anonymous).error).toBe(MAINTENANCE_MESSAGE);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/profile/', headers: bearer(admin.access) })).statusCode,
    ).toBe(503);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/profile/', headers: bearer(superAdmin.access) })).statusCode,
    ).toBe(200);
    // the status, sign-in and version stay open so that a super administrator can get in
    expect((await status()).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/version/' })).statusCode).toBe(200);
  });
});

describe('a super administrator whose access token expires during maintenance', () => {
  const s = useTestApp({ ACCESS_TOKEN_MINUTES: '1' });

  it('is told 401 (so the client refreshes), refreshes through the gate, and keeps the bypass', async () => {
    const superAdmin = await signedIn(s.app, 'super');
    const on = await s.app.inject({
      method: 'POST',
      url: '/api/v1/maintenance/toggle/',
      payload: { is_enabled: true },
      headers: bearer(superAdmin.access),
    });
    expect(on.statusCode).toBe(200);
    s.clock.advance(61_000);

    const stale = bearer(superAdmin.access);
    const statusRes = await s.app.inject({ method: 'GET', url: '/api/v1/maintenance/status/', headers: stale });
    expect(statusRes.statusCode).toBe(401);
    const read = await s.app.inject({ method: 'GET', url: '/api/v1/faqs/', headers: stale });
    expect(read.statusCode).toBe(401);
    const guarded = await s.app.inject({ method: 'GET', url: '/api/v1/profile/', headers: stale });
    expect(guarded.statusCode).toBe(401);

    const refreshed = await s.app.inject({
      method: 'POST',
      url: '/api/v1/token/refresh/',
      headers: { cookie: superAdmin.cookie },
    });
    expect(refreshed.statusCode).toBe(200);
    const fresh = bearer(String(json(refreshed).access));
    expect(json(await s.app.inject({ method: 'GET', url: '/api/v1/maintenance/status/', headers: fresh }))).toEqual({
      is_enabled: true,
      can_bypass: true,
      is_super_admin: true,
    });
    expect((await s.app.inject({ method: 'GET', url: '/api/v1/faqs/', headers: fresh })).statusCode).toBe(200);
  });

  it('anonymous callers still meet the 503, and a bad token on a public read outside maintenance is ignored', async () => {
    const superAdmin = await signedIn(s.app, 'super');
    const res = await s.app.inject({ method: 'GET', url: '/api/v1/faqs/', headers: bearer('not-a-token') });
    expect(res.statusCode).toBe(200);
    await s.app.inject({
      method: 'POST',
      url: '/api/v1/maintenance/toggle/',
      payload: { is_enabled: true },
      headers: bearer(superAdmin.access),
    });
    expect((await s.app.inject({ method: 'GET', url: '/api/v1/faqs/' })).statusCode).toBe(503);
  });
});

describe('the cached switch', () => {
  it('is read once for many requests arriving together when it has gone stale', async () => {
    const ctx = t.app.ctx;
    resetMaintenanceCache(ctx);
    const select = vi.spyOn(ctx.db, 'select');
    try {
      const answers = await Promise.all(Array.from({ length: 20 }, () => isMaintenanceEnabled(ctx)));
      expect(answers.every((on) => on === false)).toBe(true);
      expect(select).toHaveBeenCalledTimes(1);
    } finally {
      select.mockRestore();
    }
  });

  it('keeps a toggle made while a read was under way', async () => {
    const ctx = t.app.ctx;
    resetMaintenanceCache(ctx);
    const reading = isMaintenanceEnabled(ctx);
    await setMaintenance(ctx, true);
    await reading;
    expect(maintenanceIfKnown(ctx)).toBe(true);
    expect((await status()).json()).toMatchObject({ is_enabled: true });
  });
});
