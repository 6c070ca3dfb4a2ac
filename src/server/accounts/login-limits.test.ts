import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loginFailures } from '../db/schema.ts';
import { createUser } from '../test/fixtures.ts';
import { json, useTestApp } from '../test/helper.ts';
import { addressKey, failureKeys } from './login-limits.ts';

const t = useTestApp();

const LIMITED = 'Too many failed sign-in attempts. Please wait a few minutes and try again.';
const WRONG = 'Wrong#Pass1';

const login = (username: string, password: string, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/login/', payload: { username, password }, remoteAddress });
const status = async (username: string, password: string, ip: string) =>
  (await login(username, password, ip)).statusCode;

async function rowsFor(key: string): Promise<number> {
  const [row] = await t.app.ctx.db.select({ n: count() }).from(loginFailures).where(eq(loginFailures.key, key));
  return row?.n ?? 0;
}

describe('login: failed attempts per address', () => {
  it('answers 429 to the 11th attempt from an address within a minute, even with the right password', async () => {
    const user = await createUser(t.app);
    const ip = '203.0.113.7';
    for (let i = 0; i < 10; i++) expect(await status(`guess${i}user`, WRONG, ip)).toBe(401);

    const blocked = await login(user.username, user.password, ip);
    expect(blocked.statusCode).toBe(429);
    expect(json(blocked)).toEqual({ error: LIMITED, code: 'RATE_LIMITED' });
    // another address is not affected
    expect(await status(user.username, user.password, '203.0.113.8')).toBe(200);

    t.clock.advance(59_000);
    expect(await status(user.username, user.password, ip)).toBe(429);
    t.clock.advance(1_000);
    expect(await status(user.username, user.password, ip)).toBe(200);
  });

  it('keeps counting the address after a successful sign-in', async () => {
    const user = await createUser(t.app);
    const ip = '203.0.113.9';
    for (let i = 0; i < 9; i++) await login(`guess${i}user`, WRONG, ip);
    expect(await status(user.username, user.password, ip)).toBe(200);
    expect(await status('guess9user', WRONG, ip)).toBe(401);
    expect(await status(user.username, user.password, ip)).toBe(429);
  });

  it('counts each attempt before the password is checked: 30 at once give at most 10 checks', async () => {
    const user = await createUser(t.app);
    const ip = '203.0.113.10';
    const answers = await Promise.all(Array.from({ length: 30 }, () => status(user.username, WRONG, ip)));
    const checked = answers.filter((s) => s === 401).length;
    expect(checked).toBeLessThanOrEqual(10);
    expect(answers.filter((s) => s === 429)).toHaveLength(30 - checked);
    // refused attempts leave no row behind; each checked one left its failure
    expect(await rowsFor(failureKeys(ip, user.username).address)).toBe(checked);
  });

  it('does not count a successful sign-in', async () => {
    const user = await createUser(t.app);
    const ip = '203.0.113.11';
    for (let i = 0; i < 12; i++) expect(await status(user.username, user.password, ip)).toBe(200);
    expect(await t.app.ctx.db.select().from(loginFailures)).toEqual([]);
  });
});

describe('login: failed attempts per account', () => {
  it('an attacker failing 20 times from two addresses does not lock the owner out', async () => {
    const owner = await createUser(t.app, { username: 'superadmin2', kind: 'super' });
    const attackers = ['198.51.100.1', '198.51.100.2'];
    const answers: number[] = [];
    for (let i = 0; i < 20; i++) answers.push(await status('SuperAdmin2', WRONG, attackers[i % 2] ?? ''));
    // ten failures put the account under attack: from then on, addresses that failed on it wait
    expect(answers).toEqual([...Array(10).fill(401), ...Array(10).fill(429)]);

    // the owner, from an address that has not been failing, signs in
    expect(await status(owner.username, owner.password, '192.0.2.50')).toBe(200);
    // the attacker's addresses are refused, right password or not
    for (const ip of attackers) {
      expect(await status(owner.username, WRONG, ip)).toBe(429);
      expect(await status(owner.username, owner.password, ip)).toBe(429);
    }

    // past the address window, the attackers may sign in elsewhere, but not try this account again
    t.clock.advance(61_000);
    const other = await createUser(t.app);
    for (const ip of attackers) {
      expect(await status(other.username, WRONG, ip)).toBe(401);
      expect(await status(owner.username, WRONG, ip)).toBe(429);
    }
    // the owner's account still works from a clean address
    expect(await status(owner.username, owner.password, '192.0.2.51')).toBe(200);
  });

  it('once an account has 10 failures, refuses the addresses that failed 3 times on it (9 vs 10, 2 vs 3)', async () => {
    const user = await createUser(t.app);
    const guesser = '198.51.100.1';
    for (let i = 0; i < 3; i++) expect(await status(user.username, WRONG, guesser)).toBe(401);
    for (let i = 2; i <= 7; i++) expect(await status(user.username, WRONG, `198.51.100.${i}`)).toBe(401);
    // 9 failures: the guesser still gets its password checked
    expect(await status(user.username, WRONG, guesser)).toBe(401);
    // 10: the account is under attack; the guesser (4 failures on it) is refused, right password or not
    const blocked = await login(user.username, user.password, guesser);
    expect(blocked.statusCode).toBe(429);
    expect(json(blocked).error).toBe(LIMITED);

    // an owner who mistypes twice still gets in on the third try
    const owner = '192.0.2.60';
    expect(await status(user.username, WRONG, owner)).toBe(401);
    expect(await status(user.username, WRONG, owner)).toBe(401);
    expect(await status(user.username, user.password, owner)).toBe(200);
    // a third typo while under attack is the limit for that address
    const typist = '192.0.2.61';
    for (let i = 0; i < 3; i++) expect(await status(user.username, WRONG, typist)).toBe(401);
    expect(await status(user.username, user.password, typist)).toBe(429);
    // a fresh address has its password checked: wrong is 401, right signs in
    expect(await status(user.username, WRONG, '198.51.100.11')).toBe(401);
    expect(await status(user.username, user.password, '198.51.100.12')).toBe(200);
  });

  it('counts IPv6 addresses by their /64 network, and IPv4-mapped ones as IPv4', async () => {
    const user = await createUser(t.app);
    for (let i = 1; i <= 10; i++)
      expect(await status(`guess${i}user`, WRONG, `2001:db8:1:2::${i.toString(16)}`)).toBe(401);
    // another address in the same /64 is the same line
    expect(await status(user.username, user.password, '2001:db8:1:2:ffff::9')).toBe(429);
    // another /64 is another line
    expect(await status(user.username, user.password, '2001:db8:1:3::1')).toBe(200);
    expect(addressKey('2001:DB8:0001:0002:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(addressKey('::ffff:203.0.113.5')).toBe('203.0.113.5');
    expect(addressKey('203.0.113.5')).toBe('203.0.113.5');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
  });

  it('forgets the account’s failures after 15 minutes', async () => {
    const user = await createUser(t.app);
    for (let i = 1; i <= 10; i++) await login(user.username, WRONG, `198.51.100.${(i % 4) + 1}`);
    t.clock.advance(15 * 60_000 - 1_000);
    expect(await status(user.username, user.password, '198.51.100.3')).toBe(429);
    t.clock.advance(1_000);
    expect(await status(user.username, user.password, '198.51.100.3')).toBe(200);
  });

  it('answers an unknown username the same way, so the limit does not reveal who has an account', async () => {
    for (let i = 1; i <= 10; i++) expect(await status('ghostuser1', WRONG, `198.51.100.${(i % 4) + 1}`)).toBe(401);
    const blocked = await login('ghostuser1', WRONG, '198.51.100.2');
    expect(blocked.statusCode).toBe(429);
    expect(json(blocked).error).toBe(LIMITED);
    expect(await status('ghostuser1', WRONG, '198.51.100.200')).toBe(401);
  });

  it('lets the owner back in after their own typos: a success withdraws that address’s failures', async () => {
    const user = await createUser(t.app);
    const home = '192.0.2.7';
    for (let i = 0; i < 9; i++) expect(await status(user.username, WRONG, home)).toBe(401);
    expect(await status(user.username, user.password, home)).toBe(200);
    const keys = failureKeys(home, user.username);
    expect([await rowsFor(keys.account), await rowsFor(keys.pair)]).toEqual([0, 0]);
    // the address itself keeps its 9 failures (a minute's window)
    expect(await rowsFor(keys.address)).toBe(9);
    expect(await status(user.username, WRONG, home)).toBe(401);
    expect(await status(user.username, user.password, home)).toBe(429); // the address's 11th
  });
});

describe('login: old failures are swept out', () => {
  const MINUTE = 60_000;
  const LONGEST_WINDOW = 15 * MINUTE;

  async function insertFailure(key: string, ageMs: number) {
    await t.app.ctx.db.insert(loginFailures).values({ key, at: new Date(t.clock.now().getTime() - ageMs) });
  }
  const keysLeft = async () =>
    (await t.app.ctx.db.select({ key: loginFailures.key }).from(loginFailures)).map((r) => r.key).sort();

  it('a failed sign-in deletes every key’s rows older than the longest window, at most once a minute', async () => {
    // far from any sweep an earlier test made on this app's clock
    t.clock.advance(60 * MINUTE);
    await insertFailure('ip:192.0.2.1', LONGEST_WINDOW + 1_000);
    await insertFailure('user:someoneelse', LONGEST_WINDOW + 1_000);
    await insertFailure('ip:192.0.2.2', LONGEST_WINDOW - 1_000);

    expect(await status('guess1user', WRONG, '198.51.100.77')).toBe(401);
    expect(await keysLeft()).toEqual([
      'ip:192.0.2.2',
      'ip:198.51.100.77',
      'pair:198.51.100.77 guess1user',
      'user:guess1user',
    ]);

    // within the minute another failure does not sweep again; a minute later the next one does
    await insertFailure('ip:192.0.2.3', LONGEST_WINDOW + 1_000);
    t.clock.advance(MINUTE - 1_000);
    await login('guess2user', WRONG, '198.51.100.78');
    expect(await keysLeft()).toContain('ip:192.0.2.3');
    t.clock.advance(1_000);
    await insertFailure('ip:192.0.2.4', LONGEST_WINDOW); // exactly at the edge: kept
    await login('guess3user', WRONG, '198.51.100.79');
    const left = await keysLeft();
    expect(left).not.toContain('ip:192.0.2.3');
    expect(left).not.toContain('ip:192.0.2.2'); // 15 minutes and 59 seconds old by now
    expect(left).toContain('ip:192.0.2.4');
  });
});
