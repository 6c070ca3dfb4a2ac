import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../db/schema.ts';
import { createUser, login, signedIn } from '../test/fixtures.ts';
import { bearer, json, useTestApp } from '../test/helper.ts';
import { refreshSetCookie } from './test-support.ts';

const t = useTestApp();

const NEW = 'Fresh#Powder9';

const changePassword = (payload: Record<string, unknown>, access?: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/change-password/', payload, headers: access ? bearer(access) : {} });
const signIn = (username: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/login/', payload: { username, password } });
const refresh = (cookie: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/token/refresh/', headers: { cookie } });

describe('change password', () => {
  it('answers 400 with errors.old_password when the current password is wrong', async () => {
    const { access } = await signedIn(t.app);
    const res = await changePassword({ old_password: 'Wrong#Pass1', new_password1: NEW, new_password2: NEW }, access);
    expect(res.statusCode).toBe(400);
    expect(json(res).errors).toEqual({ old_password: ['Your current password was entered incorrectly.'] });
  });

  it('reports each field rule as a map of lists', async () => {
    const { user, access } = await signedIn(t.app);
    const mismatch = await changePassword(
      { old_password: user.password, new_password1: NEW, new_password2: 'Other#Pass9' },
      access,
    );
    expect(mismatch.statusCode).toBe(400);
    expect(json(mismatch).errors).toEqual({ new_password2: ['Passwords do not match'] });

    const empty = await changePassword({ old_password: '', new_password1: '', new_password2: '' }, access);
    expect(json(empty).errors).toEqual({
      old_password: ['Current password is required'],
      new_password1: ['New password is required'],
    });

    const weak = await changePassword(
      { old_password: user.password, new_password1: 'weakpass', new_password2: 'weakpass' },
      access,
    );
    expect(json(weak).errors).toEqual({
      new_password1: [
        'Password must be 8-20 characters long and include at least one uppercase letter, one lowercase letter, one number, and one special character',
      ],
    });
  });

  it('refuses a new password that holds the username', async () => {
    const user = await createUser(t.app, { username: 'Skier2024' });
    const { access } = await login(t.app, user);
    const res = await changePassword(
      { old_password: user.password, new_password1: 'Skier2024#x', new_password2: 'Skier2024#x' },
      access,
    );
    expect(res.statusCode).toBe(400);
    expect(json(res).errors).toEqual({
      new_password1: ['Password should not contain your username, email, first name, or last name'],
    });
  });

  it('changes the password, ends every session and keeps the old password out', async () => {
    const { user, access, cookie } = await signedIn(t.app);
    const [before] = await t.app.ctx.db.select().from(users).where(eq(users.id, user.id));
    t.clock.advance(1000);
    const res = await changePassword({ old_password: user.password, new_password1: NEW, new_password2: NEW }, access);
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ success: true, message: 'Your password has been changed successfully.' });
    expect(refreshSetCookie(res)).toMatch(/^refresh=;/);

    const [after] = await t.app.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(after?.passwordHash).not.toBe(before?.passwordHash);
    expect(after?.passwordChangedAt.getTime()).toBe(t.clock.now().getTime());

    expect((await refresh(cookie)).statusCode).toBe(401);
    expect((await signIn(user.username, user.password)).statusCode).toBe(401);
    expect((await signIn(user.username, NEW)).statusCode).toBe(200);
  });

  it('ends access tokens issued before the change, and accepts ones issued after it', async () => {
    const { user, access } = await signedIn(t.app);
    const profile = (token: string) => t.app.inject({ method: 'GET', url: '/api/v1/profile/', headers: bearer(token) });
    expect((await profile(access)).statusCode).toBe(200);
    t.clock.advance(1000);
    await changePassword({ old_password: user.password, new_password1: NEW, new_password2: NEW }, access);
    expect((await profile(access)).statusCode).toBe(401);
    const fresh = await login(t.app, { username: user.username, password: NEW });
    expect((await profile(fresh.access)).statusCode).toBe(200);
  });

  it('answers 401 without a token', async () => {
    const res = await changePassword({ old_password: 'a', new_password1: NEW, new_password2: NEW });
    expect(res.statusCode).toBe(401);
  });
});
