import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Issue 37: every password check — the sign-in's and every one inside a session — counts in the
 * sign-in limits, so a password hash is verified in one file only, password-checks.ts, whose
 * checks apply the limiter. Anything else that verifies a hash (calls a verifyPassword, imports
 * argon2's verify, or another argon2 package) fails here. Tests may read hashes themselves.
 */
const ALLOWED = new Set(['src/server/accounts/password-checks.ts']);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sources(path);
    return /\.(?:ts|tsx|mts|js|mjs)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** A call of a verifier by name, or argon2's verify brought in (named, renamed, or the module whole). */
const VERIFIES = [
  /\bverifyPassword\s*\(/,
  /import\s*\{[^}]*\bverify\b[^}]*\}\s*from\s*['"]@node-rs\/argon2['"]/,
  /import\s*\*\s*as\s+\w+\s+from\s*['"]@node-rs\/argon2['"]/,
  /import\(\s*['"]@node-rs\/argon2['"]\s*\)/,
  /from\s*['"](?:argon2|bcrypt|bcryptjs|@node-rs\/bcrypt)['"]/,
];

const verifies = (text: string) => VERIFIES.some((pattern) => pattern.test(text));

describe('the password verifier', () => {
  it('is called from password-checks.ts only, in the server and the scripts', () => {
    const offenders = [...sources('src/server'), ...sources('scripts')].filter(
      (file) => !ALLOWED.has(file) && verifies(readFileSync(file, 'utf8')),
    );
    expect(offenders).toEqual([]);
    // and the allowed file does verify: the check above looks for the right thing
    for (const file of ALLOWED) expect(verifies(readFileSync(file, 'utf8'))).toBe(true);
  });

  it('the check finds the ways it was done before issue 37', () => {
    const before = [
      'if (!(await verifyPassword(user.passwordHash, input.old_password))) {',
      "import { hash, verify } from '@node-rs/argon2';",
      "import { verify as check } from '@node-rs/argon2';",
      "import * as argon2 from '@node-rs/argon2';",
      "const { verify } = await import('@node-rs/argon2');",
    ];
    for (const line of before) expect(verifies(line), line).toBe(true);
    const fine = [
      "import { hash } from '@node-rs/argon2';",
      "import { checkPassword } from './password-checks.ts';",
      'await checkPassword(ctx, { user, password, ip }, passwordWrong);',
    ];
    for (const line of fine) expect(verifies(line), line).toBe(false);
  });
});
