import { hash } from '@node-rs/argon2';

/** argon2id with OWASP's minimum (m=19456 KiB, t=2, p=1). Algorithm 2 is argon2id. */
const OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

// Hashes are checked only in password-checks.ts, through the sign-in limits (issue 37).

/** A hash to verify against when the username is unknown, so both cases take as long. */
let dummy: Promise<string> | undefined;
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword('dummy-password-for-timing');
  return dummy;
}
