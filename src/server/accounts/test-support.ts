/** Shared pieces of the accounts tests (not a test file itself). */
import type { LightMyRequestResponse } from 'fastify';
import type { RegistrationPayload } from '../../domain/accounts/index.ts';

let ipCounter = 0;

/** A fresh client address, so that the per-address limits of one test do not touch another's. */
export function nextIp(): string {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

/** A registration that passes every rule: a racer unless `is_racer: false` is given. */
export function registration(
  overrides: Partial<Record<keyof RegistrationPayload, unknown>> = {},
): Record<string, unknown> {
  const base: RegistrationPayload = {
    first_name: 'mary-jane',
    last_name: "o'neil",
    username: 'MaryJane2012',
    email: 'mary.jane@example.com',
    password: 'Snow#Fall42',
    is_racer: true,
    contact_number: '01234 123456',
    date_of_birth: '2012-03-04',
    gender: 'FEMALE',
    ski_or_board: 'SKI',
    local_club: 'HEMEL_SKI_RACE_CLUB',
    other_club: '',
    emergency_contact_name: 'Pat Morgan',
    emergency_contact_number: '+44 1234 123456',
    accept_terms_and_conditions: true,
    permission_photographed: true,
    permission_name_on_photos: false,
    permission_social_media: true,
    permission_share_data_with_sponsors: false,
    se_reg_number: '123456',
  };
  return { ...base, ...overrides };
}

/** The `refresh` cookie a response sets, with its attributes, or undefined. */
export function refreshSetCookie(res: LightMyRequestResponse): string | undefined {
  const header = res.headers['set-cookie'];
  const all = Array.isArray(header) ? header : header ? [header] : [];
  return all.find((c) => c.startsWith('refresh='));
}

/** `refresh=<token>` from a response, ready for a Cookie header. */
export function refreshCookie(res: LightMyRequestResponse): string {
  const cookie = refreshSetCookie(res)?.split(';')[0];
  if (!cookie) throw new Error(`no refresh cookie in ${JSON.stringify(res.headers['set-cookie'])}`);
  return cookie;
}
