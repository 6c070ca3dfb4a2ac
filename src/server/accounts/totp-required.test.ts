import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { ConfigError } from '../config-error.ts';
import { signedIn } from '../test/fixtures.ts';
import { bearer, json, useTestApp } from '../test/helper.ts';
import { challengeFor, codeAt, enrol, sendCode } from './totp-test-support.ts';

/** TOTP_REQUIRED_FOR_SUPER=true (docs/decisions/0047): a super administrator without an
 * authenticator is treated as an ordinary administrator until they add one. */
const t = useTestApp({ TOTP_REQUIRED_FOR_SUPER: 'true' });

const REQUIRED =
  'Super administrators must use an authenticator. Add one in My Profile → Security to use the super administrator pages.';

/** A super administrators' route: POST /api/v1/maintenance/toggle/. */
const superCall = (access: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/maintenance/toggle/',
    headers: bearer(access),
    payload: { is_enabled: false },
  });
const status = async (access: string) =>
  json(await t.app.inject({ method: 'GET', url: '/api/v1/profile/totp/', headers: bearer(access) }));

describe('TOTP_REQUIRED_FOR_SUPER', () => {
  it('reads true and false, is off by default and refuses anything else', () => {
    expect(loadConfig({}).totpRequiredForSuper).toBe(false);
    expect(loadConfig({ TOTP_REQUIRED_FOR_SUPER: 'true' }).totpRequiredForSuper).toBe(true);
    expect(loadConfig({ TOTP_REQUIRED_FOR_SUPER: 'false' }).totpRequiredForSuper).toBe(false);
    expect(() => loadConfig({ TOTP_REQUIRED_FOR_SUPER: 'sometimes' })).toThrow(ConfigError);
  });

  it('keeps a super administrator without an authenticator out of super routes (403, saying why) but not admin ones', async () => {
    const { access } = await signedIn(t.app, 'super');
    const refused = await superCall(access);
    expect(refused.statusCode).toBe(403);
    expect(json(refused)).toEqual({ error: REQUIRED, code: 'FORBIDDEN' });
    // an administrators' route still answers
    const admin = await t.app.inject({ method: 'GET', url: '/api/v1/profiles/', headers: bearer(access) });
    expect(admin.statusCode).toBe(200);
    expect(await status(access)).toEqual({ enabled: false, recovery_codes_left: 0, required: true });
  });

  it('lets the super administrator in once an authenticator is on, and refuses to turn it off', async () => {
    const { user, access } = await signedIn(t.app, 'super');
    const { secret } = await enrol(t.app, t.clock, access);
    expect((await superCall(access)).statusCode).toBe(200);

    const res = await sendCode(t.app, await challengeFor(t.app, user), await codeAt(secret, t.clock));
    expect((await superCall(String(json(res).access))).statusCode).toBe(200);

    const off = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/profile/totp/',
      headers: bearer(access),
      payload: { password: user.password },
    });
    expect(off.statusCode).toBe(403);
    expect(json(off).error).toBe('Super administrators must keep an authenticator: this association requires one.');
    expect((await status(access)).enabled).toBe(true);
  });

  it('requires nothing of an ordinary administrator, who may turn theirs off', async () => {
    const { user, access } = await signedIn(t.app, 'admin');
    expect((await status(access)).required).toBe(false);
    await enrol(t.app, t.clock, access);
    const off = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/profile/totp/',
      headers: bearer(access),
      payload: { password: user.password },
    });
    expect(off.statusCode).toBe(200);
  });
});
