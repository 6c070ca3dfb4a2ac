import { describe, expect, it } from 'vitest';
import { createUser, login } from '../test/fixtures.ts';
import { bearer, json, useTestApp } from '../test/helper.ts';
import { resetMailsSettled } from './password-reset.ts';
import { nextIp, registration } from './test-support.ts';

/** Issue 6, the account rules at the API: what the spec allows is accepted at registration and
 * saved again from the profile, and the password-content rule is the same for register, change
 * password and reset (docs/decisions/0010-password-content-rule.md). */
const t = useTestApp();

const CONTENT = 'Password should not contain your username, email, first name, or last name';
const LINK = /reset-password\/([A-Za-z0-9_-]+)\/([A-Za-z0-9_-]+)/;

const register = (overrides: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/v1/register/', payload: registration(overrides), remoteAddress: nextIp() });

async function signedInAs(email: string) {
  const user = await createUser(t.app, { email });
  return { user, access: (await login(t.app, user)).access };
}

describe('what registration accepts, the profile saves again', () => {
  it('a password with a space, a titled emergency contact and the looser number formats', async () => {
    const payload = {
      username: 'SpacedPass1',
      password: 'Blue Piste#42',
      emergency_contact_name: 'Dr. Pat Smith',
      contact_number: '12345 123456',
      emergency_contact_number: '21234567890',
    };
    const res = await register(payload);
    expect(res.statusCode, res.body).toBe(201);
    expect(json(res)).toMatchObject({ emergency_contact_name: 'Dr. Pat Smith', contact_number: '12345 123456' });

    const { access } = await login(t.app, { username: 'SpacedPass1', password: 'Blue Piste#42' });
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/profile/',
      headers: bearer(access),
      payload: {
        email: 'mary.jane@example.com',
        emergency_contact_name: 'Dr. Pat Smith',
        contact_number: '07911 123 456',
        emergency_contact_number: '+353 1 234 5678',
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(json(saved)).toMatchObject({ contact_number: '07911 123 456', emergency_contact_number: '+353 1 234 5678' });
  });
});

describe('the password may not hold the e-mail’s local part', () => {
  it('at registration', async () => {
    const res = await register({ email: 'snowfox@example.com', password: 'Snowfox#2025' });
    expect(res.statusCode).toBe(400);
    expect(json(res).errors).toEqual({ password: [CONTENT] });
  });

  it('when changing the password', async () => {
    const { user, access } = await signedInAs('snowfox@example.com');
    const change = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/change-password/',
        headers: bearer(access),
        payload: { old_password: user.password, new_password1: password, new_password2: password },
      });
    const refused = await change('xSNOWFOX#2025');
    expect(refused.statusCode).toBe(400);
    expect(json(refused).errors).toEqual({ new_password1: [CONTENT] });
    expect((await change('Snow Fox#2025')).statusCode).toBe(200);
  });

  it('when resetting the password', async () => {
    const { user } = await signedInAs('snowfox@example.com');
    const request = await t.app.inject({
      method: 'POST',
      url: '/api/v1/password-reset-request/',
      payload: { username: user.username },
      remoteAddress: nextIp(),
    });
    expect(request.statusCode).toBe(200);
    await resetMailsSettled();
    await t.flushMail();
    const [, uidb64, token] = LINK.exec(t.outbox.last()?.text ?? '') ?? [];
    const confirm = (new_password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/password-reset-confirm/',
        payload: { uidb64, token, new_password },
      });
    const refused = await confirm('xSnowFox#25');
    expect(refused.statusCode).toBe(400);
    expect(json(refused).errors).toEqual({ new_password: [CONTENT] });
    expect((await confirm('Fresh Powder#9')).statusCode).toBe(200);
  });
});
