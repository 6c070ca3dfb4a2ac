import { describe, expect, it } from 'vitest';
import { codeProblem, groupSecret, RECOVERY_ALPHABET, readCode, recoveryCodeFrom, TOTP_MSG } from './totp.ts';

describe('recovery codes', () => {
  it('are three groups of four from an alphabet without look-alikes', () => {
    expect(RECOVERY_ALPHABET).not.toMatch(/[01ilo]/);
    expect(RECOVERY_ALPHABET).toHaveLength(31);
    const code = recoveryCodeFrom(Uint8Array.from({ length: 12 }, (_, i) => i * 40));
    expect(code).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
    expect(recoveryCodeFrom(new Uint8Array(12))).toBe('aaaa-aaaa-aaaa');
    expect(recoveryCodeFrom(new Uint8Array(12).fill(30))).toBe('9999-9999-9999');
    expect(() => recoveryCodeFrom(new Uint8Array(11))).toThrow();
  });
});

describe('readCode', () => {
  it('reads six digits, with spaces, as an authenticator code', () => {
    expect(readCode('123456')).toEqual({ kind: 'totp', code: '123456' });
    expect(readCode(' 123 456 ')).toEqual({ kind: 'totp', code: '123456' });
    expect(readCode('12345')).toBeNull();
    expect(readCode('1234567')).toBeNull();
  });

  it('reads a recovery code in any case, with or without dashes', () => {
    const want = { kind: 'recovery', code: 'abcd-efgh-jkmn' };
    expect(readCode('abcd-efgh-jkmn')).toEqual(want);
    expect(readCode('ABCDEFGHJKMN')).toEqual(want);
    expect(readCode('abcd efgh jkmn')).toEqual(want);
    // look-alikes are never in a code
    expect(readCode('abcd-efgh-jkm0')).toBeNull();
    expect(readCode('abcd-efgh-jkmnp')).toBeNull();
  });
});

describe('codeProblem', () => {
  it('asks for a code, refuses other shapes and passes both kinds', () => {
    expect(codeProblem('  ')).toBe(TOTP_MSG.codeRequired);
    expect(codeProblem('12ab')).toBe(TOTP_MSG.codeFormat);
    expect(codeProblem('1'.repeat(40))).toBe(TOTP_MSG.codeFormat);
    expect(codeProblem('123\u0000456')).toBe(TOTP_MSG.codeFormat);
    expect(codeProblem('123456')).toBeNull();
    expect(codeProblem('abcd-efgh-jkmn')).toBeNull();
  });
});

it('groupSecret writes a secret in groups of four', () => {
  expect(groupSecret('ABCDEFGHIJ')).toBe('ABCD EFGH IJ');
});
