import { describe, expect, it } from 'vitest';
import { bearer, json, useTestApp } from '../test/helper.ts';
import { createSuperAdministrator } from './first-admin.ts';

const t = useTestApp();
const input = { username: 'firstadmin', email: 'chair@club.example', first_name: 'Jo', last_name: 'Reid' };

describe('the first super administrator', () => {
  it('signs in with the printed password and can switch maintenance', async () => {
    const { password } = await createSuperAdministrator(t.app.ctx, input);
    expect(password).toMatch(/^Sa#[A-Za-z0-9_-]{16}1$/);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/login/',
      payload: { username: 'firstadmin', password },
    });
    expect(login.statusCode).toBe(200);
    const status = await t.app.inject({
      method: 'GET',
      url: '/api/v1/maintenance/status/',
      headers: bearer(String(json(login).access)),
    });
    expect(json(status)).toMatchObject({ is_super_admin: true, can_bypass: true });
  });

  it('refuses details that break the registration rules, and a taken username', async () => {
    await expect(createSuperAdministrator(t.app.ctx, { ...input, username: 'short' })).rejects.toMatchObject({
      fields: {
        username: ['Username must start with a letter, contain only letters and numbers, and be 8-20 characters long'],
      },
    });
    await expect(createSuperAdministrator(t.app.ctx, { ...input, email: 'nope' })).rejects.toMatchObject({
      fields: { email: ['Please enter a valid email address (max 254 characters)'] },
    });
    await createSuperAdministrator(t.app.ctx, input);
    await expect(createSuperAdministrator(t.app.ctx, { ...input, username: 'FIRSTADMIN' })).rejects.toMatchObject({
      fields: { username: ['A user with that username already exists.'] },
    });
  });

  it('gives every account its own password', async () => {
    const a = await createSuperAdministrator(t.app.ctx, input);
    const b = await createSuperAdministrator(t.app.ctx, { ...input, username: 'secondadmin' });
    expect(a.password).not.toBe(b.password);
  });
});
