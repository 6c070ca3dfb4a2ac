import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { securityEvents, totpFactors, totpRecoveryCodes } from '../db/schema-security.ts';
import { createUser, login, signedIn } from '../test/fixtures.ts';
import { bearer, json, useTestApp } from '../test/helper.ts';
import { describeReset, resetSecondFactor, unknownUsername } from './second-factor-reset.ts';
import { challengeFor, codeAt, enrol, sendCode } from './totp-test-support.ts';

/** The reset behind `npm run create-admin -- --reset-second-factor` (docs/decisions/0062); the
 * script itself, as a process, in second-factor-reset.pglite.test.ts. */
const t = useTestApp({ TOTP_REQUIRED_FOR_SUPER: 'true' });

const ENROL_FIRST =
  'Set up your authenticator app first: My Profile → Security. Super administrators must sign in with a second factor.';

const rowsOf = async (userId: number) => ({
  factors: await t.app.ctx.db.select().from(totpFactors).where(eq(totpFactors.userId, userId)),
  codes: await t.app.ctx.db.select().from(totpRecoveryCodes).where(eq(totpRecoveryCodes.userId, userId)),
  events: await t.app.ctx.db
    .select({
      userId: securityEvents.userId,
      kind: securityEvents.kind,
      ip: securityEvents.ip,
      detail: securityEvents.detail,
    })
    .from(securityEvents)
    .where(eq(securityEvents.kind, 'second_factor_off')),
});

describe('resetting a second factor from the server shell', () => {
  it("removes a super administrator's authenticator and recovery codes, ends every session and logs it", async () => {
    const { user, access } = await signedIn(t.app, 'super');
    const { secret } = await enrol(t.app, t.clock, access, user.password);
    // a second device, signed in with the code (its session is ended too)
    const second = await sendCode(t.app, await challengeFor(t.app, user), await codeAt(secret, t.clock));
    expect(second.statusCode).toBe(200);
    expect((await rowsOf(user.id)).codes).toHaveLength(10);

    const reset = await resetSecondFactor(t.app.ctx, user.username.toUpperCase());
    expect(reset).toEqual({
      username: user.username,
      hadAuthenticator: true,
      recoveryCodesRemoved: 10,
      sessionsEnded: 2,
      mustSetUpAgain: true,
    });
    const rows = await rowsOf(user.id);
    expect([rows.factors, rows.codes]).toEqual([[], []]);
    expect(rows.events).toEqual([
      { userId: user.id, kind: 'second_factor_off', ip: null, detail: 'reset from the server shell' },
    ]);
    // the sessions are over at once
    for (const token of [access, String(json(second).access)]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/profile/', headers: bearer(token) });
      expect(res.statusCode).toBe(401);
    }
    // the password alone signs in, and the session is sent to set one up
    const again = await login(t.app, user);
    const people = await t.app.inject({ method: 'GET', url: '/api/v1/profiles/', headers: bearer(again.access) });
    expect([people.statusCode, json(people).error]).toEqual([403, ENROL_FIRST]);

    expect(describeReset(reset as NonNullable<typeof reset>)).toEqual([
      `Second factor reset: removed ${user.username}'s authenticator and 10 recovery codes; ended 2 signed-in sessions.`,
      `At the next sign-in ${user.username} signs in with the password alone and is taken to My Profile → Security to set up an authenticator app before anything else (TOTP_REQUIRED_FOR_SUPER).`,
    ]);
  });

  it('counts every open session, and says what an account without an authenticator gets', async () => {
    const admin = await createUser(t.app, { kind: 'admin' });
    await login(t.app, admin);
    await login(t.app, admin);
    const reset = await resetSecondFactor(t.app.ctx, admin.username);
    expect(reset).toEqual({
      username: admin.username,
      hadAuthenticator: false,
      recoveryCodesRemoved: 0,
      sessionsEnded: 2,
      mustSetUpAgain: false,
    });
    // nothing was turned off: nothing is logged
    expect((await rowsOf(admin.id)).events).toEqual([]);
    expect(describeReset(reset as NonNullable<typeof reset>)).toEqual([
      `Second factor reset: ${admin.username} had no authenticator turned on (anything half set up is removed); ended 2 signed-in sessions.`,
      `At the next sign-in ${admin.username} signs in with the password alone; an authenticator can be added again in My Profile → Security.`,
    ]);
  });

  it('answers null for a username no account has, and the line says so', async () => {
    await createUser(t.app, { kind: 'super', username: 'chiefadmin' });
    expect(await resetSecondFactor(t.app.ctx, 'chiefadmn')).toBeNull();
    expect(unknownUsername('chiefadmn')).toBe(
      'No account has the username "chiefadmn": nothing was changed. Check the spelling (sign-in names are not case-sensitive).',
    );
  });
});
