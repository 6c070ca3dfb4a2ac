import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { totpFactors } from '../db/schema-security.ts';
import { signedIn } from '../test/fixtures.ts';
import { useTestApp } from '../test/helper.ts';
import { checkTotpSecrets, openWith, sealWith } from './totp-secrets.ts';
import { challengeFor, codeAt, sendCode } from './totp-test-support.ts';

/** Issue 37, docs/decisions/0064: authenticator secrets sealed with a key from JWT_SECRET. */
const t = useTestApp();

const KEY = 'some-installation-secret-material-0123456789';
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

describe('sealing', () => {
  it('opens with the same key material and account only; an altered value opens to nothing', () => {
    const sealed = sealWith(KEY, 7, SECRET);
    expect(sealed).toMatch(/^v1\./);
    expect(sealed).not.toContain(SECRET);
    expect(sealWith(KEY, 7, SECRET)).not.toBe(sealed); // a fresh IV each time
    expect(openWith(KEY, 7, sealed)).toBe(SECRET);
    expect(openWith(`${KEY}x`, 7, sealed)).toBeNull();
    expect(openWith(KEY, 8, sealed)).toBeNull(); // copied onto another account's row
    const flipped = `${sealed.slice(0, -2)}${sealed.at(-2) === 'A' ? 'B' : 'A'}${sealed.at(-1)}`;
    expect(openWith(KEY, 7, flipped)).toBeNull();
    expect(openWith(KEY, 7, 'v1.')).toBeNull();
    expect(openWith(KEY, 7, SECRET)).toBeNull();
  });
});

describe('the start-up check', () => {
  it('seals a secret an earlier version stored in clear; the sign-in still takes its codes', async () => {
    const { user } = await signedIn(t.app, 'admin');
    await t.app.ctx.db.insert(totpFactors).values({ userId: user.id, secret: SECRET, confirmedAt: t.clock.now() });
    const lines: string[] = [];
    const result = await checkTotpSecrets(t.app.ctx, { info: (m) => lines.push(m), warn: (m) => lines.push(m) });
    expect(result).toEqual({ sealed: 1, resealed: 0, removed: [] });
    expect(lines).toEqual(['1 authenticator secret(s) stored in clear are now sealed']);
    const [row] = await t.app.ctx.db.select().from(totpFactors).where(eq(totpFactors.userId, user.id));
    expect(row?.secret).toMatch(/^v1\./);
    expect(openWith(t.app.ctx.config.jwtSecret, user.id, row?.secret ?? '')).toBe(SECRET);
    const challenge = await challengeFor(t.app, user);
    expect((await sendCode(t.app, challenge, await codeAt(SECRET, t.clock))).statusCode).toBe(200);
  });
});
