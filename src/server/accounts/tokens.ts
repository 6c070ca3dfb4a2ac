import { createHash, randomBytes } from 'node:crypto';

/** A new opaque secret (refresh token, reset token): 32 random bytes, base64url. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps of a token: its SHA-256, hex. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The reset link's user part: base64url of the user id written as a string. */
export function encodeUid(userId: number): string {
  return Buffer.from(String(userId)).toString('base64url');
}

/** The user id from a reset link, or null when it is not a base64url-encoded positive id. */
export function decodeUid(uidb64: string): number | null {
  if (!/^[A-Za-z0-9_-]{1,16}$/.test(uidb64)) return null;
  const text = Buffer.from(uidb64, 'base64url').toString('utf8');
  if (!/^[1-9]\d{0,9}$/.test(text)) return null;
  const id = Number(text);
  return id <= 2_147_483_647 ? id : null;
}

/** A point in time `ms` milliseconds before or after `from`. */
export function shiftMs(from: Date, ms: number): Date {
  return new Date(from.getTime() + ms);
}
