import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { users } from '../db/schema.ts';
import { totpFactors, totpRecoveryCodes } from '../db/schema-security.ts';
import { recordSecurityEvent } from './security-log.ts';

/**
 * Authenticator secrets are kept sealed (issue 37, docs/decisions/0064): AES-256-GCM with a key
 * derived (HKDF-SHA256) from the installation's JWT_SECRET, which lives in the environment, never
 * in the database or its backups. The account's id is the additional data, so a sealed secret
 * copied onto another account's row does not open. Stored as `v1.<base64url of iv | tag | sealed>`.
 * Recovery codes and other tokens that are only compared stay hashed, not sealed.
 */
const VERSION = 'v1.';
const IV_BYTES = 12;
const TAG_BYTES = 16;

function keyFrom(secretMaterial: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secretMaterial, 'piste', 'totp-secrets v1', 32));
}

const keys = new Map<string, Buffer>();
function keyOf(secretMaterial: string): Buffer {
  let key = keys.get(secretMaterial);
  if (!key) {
    key = keyFrom(secretMaterial);
    keys.set(secretMaterial, key);
  }
  return key;
}

const additionalData = (userId: number) => Buffer.from(`totp-factor:${userId}`);

export function sealWith(secretMaterial: string, userId: number, secret: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secretMaterial), iv);
  cipher.setAAD(additionalData(userId));
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return VERSION + Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
}

/** The secret, or null when the value was sealed with other key material (or altered). */
export function openWith(secretMaterial: string, userId: number, stored: string): string | null {
  if (!stored.startsWith(VERSION)) return null;
  const bytes = Buffer.from(stored.slice(VERSION.length), 'base64url');
  if (bytes.length <= IV_BYTES + TAG_BYTES) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(secretMaterial), bytes.subarray(0, IV_BYTES));
    decipher.setAAD(additionalData(userId));
    decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/** Seals a new authenticator's secret with this installation's key. */
export function sealTotpSecret(ctx: AppContext, userId: number, secret: string): string {
  return sealWith(ctx.config.jwtSecret, userId, secret);
}

/** The stored secret opened with this installation's key; null when it cannot be (sealed with
 * another JWT_SECRET: the start-up check below has removed such factors, so this is a factor
 * made by an instance started with another secret since). */
export function openTotpSecret(ctx: AppContext, userId: number, stored: string): string | null {
  return openWith(ctx.config.jwtSecret, userId, stored);
}

export interface SecretsCheck {
  /** Secrets stored in clear by an earlier version, now sealed. */
  sealed: number;
  /** Secrets sealed with JWT_SECRET_PREVIOUS, now sealed with JWT_SECRET. */
  resealed: number;
  /** Usernames whose authenticator could not be opened and was removed: set up again. */
  removed: string[];
}

interface Log {
  info(message: string): void;
  warn(message: string): void;
}

/**
 * At start, under the start-up lock (start.ts), after the migrations: every authenticator secret
 * is brought under this installation's key. One in clear (from before this version) is sealed; one
 * sealed with JWT_SECRET_PREVIOUS (a rotation) is sealed again with JWT_SECRET; one that opens with
 * neither (a backup restored on an installation with another JWT_SECRET) is removed with its
 * recovery codes, written to the security log, and named in one warning: those accounts sign in
 * with their password and set their authenticator up again (a super administrator is taken to it,
 * docs/decisions/0062). Nothing here stops the server.
 */
export async function checkTotpSecrets(ctx: AppContext, log: Log): Promise<SecretsCheck> {
  const { jwtSecret, jwtSecretPrevious } = ctx.config;
  const rows = await ctx.db
    .select({ userId: totpFactors.userId, secret: totpFactors.secret, username: users.username })
    .from(totpFactors)
    .innerJoin(users, eq(users.id, totpFactors.userId));
  const result: SecretsCheck = { sealed: 0, resealed: 0, removed: [] };
  for (const row of rows) {
    if (openWith(jwtSecret, row.userId, row.secret) !== null) continue;
    const clear = row.secret.startsWith(VERSION) ? null : row.secret;
    const previous = jwtSecretPrevious ? openWith(jwtSecretPrevious, row.userId, row.secret) : null;
    const secret = clear ?? previous;
    if (secret !== null) {
      await ctx.db
        .update(totpFactors)
        .set({ secret: sealWith(jwtSecret, row.userId, secret) })
        .where(eq(totpFactors.userId, row.userId));
      if (clear !== null) result.sealed += 1;
      else result.resealed += 1;
      continue;
    }
    await ctx.db.transaction(async (tx) => {
      await tx.delete(totpRecoveryCodes).where(eq(totpRecoveryCodes.userId, row.userId));
      await tx.delete(totpFactors).where(eq(totpFactors.userId, row.userId));
      await recordSecurityEvent(ctx, tx, {
        userId: row.userId,
        username: row.username,
        kind: 'second_factor_off',
        ip: null,
        detail: 'sealed with another JWT_SECRET: to be set up again',
      });
    });
    result.removed.push(row.username);
  }
  if (result.sealed > 0) log.info(`${result.sealed} authenticator secret(s) stored in clear are now sealed`);
  if (result.resealed > 0) {
    log.info(
      `${result.resealed} authenticator secret(s) sealed with JWT_SECRET_PREVIOUS are now sealed with JWT_SECRET`,
    );
  }
  if (result.removed.length > 0) {
    log.warn(
      `${result.removed.length} authenticator(s) were sealed with another JWT_SECRET (a backup from another installation, or JWT_SECRET changed without JWT_SECRET_PREVIOUS) and cannot be read: their second factor must be set up again, at the next sign-in (My Profile → Security). Accounts: ${result.removed.join(', ')}`,
    );
  }
  return result;
}
