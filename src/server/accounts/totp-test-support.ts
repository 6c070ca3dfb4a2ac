/** Shared pieces of the second-factor tests (not a test file itself). */
import { generate } from 'otplib';
import type { App } from '../app.ts';
import type { FixtureUser } from '../test/fixtures.ts';
import { bearer, json, type TestClock } from '../test/helper.ts';

/** The authenticator app's code for the secret at the test clock's time (or `offsetMs` from it). */
export function codeAt(secret: string, clock: TestClock, offsetMs = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor((clock.now().getTime() + offsetMs) / 1000) });
}

export const signIn = (app: App, user: Pick<FixtureUser, 'username' | 'password'>, remoteAddress = '127.0.0.1') =>
  app.inject({
    method: 'POST',
    url: '/api/v1/login/',
    payload: { username: user.username, password: user.password },
    remoteAddress,
  });

export const sendCode = (app: App, challenge: string, code: string, remoteAddress = '127.0.0.1') =>
  app.inject({ method: 'POST', url: '/api/v1/login/totp/', payload: { challenge, code }, remoteAddress });

/** The challenge of a sign-in with the right password of an account with an authenticator. */
export async function challengeFor(app: App, user: FixtureUser, remoteAddress = '127.0.0.1'): Promise<string> {
  const res = await signIn(app, user, remoteAddress);
  const body = json<{ totp_required?: boolean; challenge?: string }>(res);
  if (res.statusCode !== 200 || body.totp_required !== true || !body.challenge) {
    throw new Error(`expected a challenge (${res.statusCode}): ${res.body}`);
  }
  return body.challenge;
}

/** Sets up (with the account's password, issue 37) and confirms an authenticator through the API
 * with the given access token. */
export async function enrol(
  app: App,
  clock: TestClock,
  access: string,
  password: string,
): Promise<{ secret: string; codes: string[] }> {
  const setup = await app.inject({
    method: 'POST',
    url: '/api/v1/profile/totp/setup/',
    headers: bearer(access),
    payload: { password },
  });
  if (setup.statusCode !== 200) throw new Error(`setup failed (${setup.statusCode}): ${setup.body}`);
  const { secret } = json<{ secret: string }>(setup);
  const confirm = await app.inject({
    method: 'POST',
    url: '/api/v1/profile/totp/confirm/',
    headers: bearer(access),
    payload: { code: await codeAt(secret, clock) },
  });
  if (confirm.statusCode !== 200) throw new Error(`confirm failed (${confirm.statusCode}): ${confirm.body}`);
  // the code just used is spent: later sign-ins in a test use the next step's
  clock.advance(30_000);
  return { secret, codes: json<{ recovery_codes: string[] }>(confirm).recovery_codes };
}
