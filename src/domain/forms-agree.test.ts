import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  changePasswordSchema,
  loginSchema,
  profileUpdateSchema,
  registrationPayloadSchema,
  validateChangePassword,
  validateLogin,
  validateProfileUpdate,
  validateRegistration,
} from './accounts/index.ts';
import {
  contactSchema,
  contentUpdateSchema,
  EMPTY_SLOPE,
  faqCreateSchema,
  governanceUpdateSchema,
  mergeSlope,
  mergeTeamMember,
  slopeFormSchema,
  teamMemberFormSchema,
  validateContact,
  validateContentUpdate,
  validateFaq,
  validateGovernance,
  validateSlope,
  validateTeamMember,
} from './content/index.ts';
import { eventFormSchema, validateEventForm } from './events/index.ts';
import { type TextRule, textRules } from './text.ts';

/**
 * One rule, two places: whatever a route's schema refuses for the text rule (too long, a refused
 * character), the form's validate function, which the browser runs before sending, refuses with
 * the same words. So the web never sends what the server would refuse, and says it the same way.
 */

type Validate = (values: Record<string, unknown>) => Record<string, string>;
interface Form {
  schema: z.ZodObject;
  validate: Validate;
  valid: Record<string, unknown>;
}

const ctx = { provider: 'ERSA', today: '2025-06-15' };
const FORMS: Record<string, Form> = {
  registration: {
    schema: registrationPayloadSchema,
    validate: (v) => validateRegistration(v as never, ctx),
    valid: {
      first_name: 'Sam',
      last_name: 'Taylor',
      username: 'skifan2025',
      email: 'parent@example.com',
      password: 'Blue$Piste42',
      is_racer: true,
      contact_number: '01234 123456',
      date_of_birth: '2014-03-07',
      gender: 'FEMALE',
      ski_or_board: 'SKI',
      local_club: 'OTHER',
      other_club: 'Chiltern Ski Club',
      emergency_contact_name: 'Jane Taylor',
      emergency_contact_number: '+44 1234 123456',
      accept_terms_and_conditions: true,
      se_reg_number: '123',
    },
  },
  profile: {
    schema: profileUpdateSchema,
    validate: (v) => validateProfileUpdate(v as never),
    valid: { email: 'a@example.com', emergency_contact_name: 'Pat Morgan', emergency_contact_number: '01234 123456' },
  },
  login: {
    schema: loginSchema,
    validate: (v) => validateLogin(v as never),
    valid: { username: 'someone1', password: 'x' },
  },
  'change password': {
    schema: changePasswordSchema,
    validate: (v) => validateChangePassword(v as never),
    valid: { old_password: 'Old#Pass1', new_password1: 'Fresh#Powder9', new_password2: 'Fresh#Powder9' },
  },
  contact: {
    schema: contactSchema,
    validate: (v) => validateContact(v as never),
    valid: { 'first-name': 'Ann', 'last-name': 'Lee', email: 'ann@example.com', message: 'Hello' },
  },
  FAQ: { schema: faqCreateSchema, validate: (v) => validateFaq(v as never), valid: { question: 'Q?', answer: 'A.' } },
  governance: {
    schema: governanceUpdateSchema,
    validate: (v) => validateGovernance(v as never),
    valid: { paragraph: 'Our board.' },
  },
  'text blocks': {
    schema: contentUpdateSchema,
    validate: (v) => validateContentUpdate(v as never),
    valid: { home_intro: 'Hi', about_mission: 'M', about_start_racing: 'S', schools_rules: 'R', safeguarding: 'G' },
  },
  'club details': {
    schema: slopeFormSchema,
    validate: (v) => validateSlope(mergeSlope(EMPTY_SLOPE, v as never)),
    valid: { race_club_name: 'Hemel', slope_name: 'Snow', slope_email: 'a@b.co', postcode: 'HP2 4JW' },
  },
  'team member': {
    schema: teamMemberFormSchema,
    validate: (v) => validateTeamMember(mergeTeamMember({ first_name: '', last_name: '', position: '' }, v as never)),
    valid: { first_name: 'Ann', last_name: 'Lee', position: 'Chair' },
  },
  'race event': {
    schema: eventFormSchema,
    validate: (v) => validateEventForm(v as never, { mode: 'update', hasImage: false, hasLogo: false }),
    valid: {
      name: 'Club Race',
      date: '2026-02-14',
      slope_name: 'Hemel',
      event_type: 'race',
      price: '25.00',
      quantity: '150',
      url: 'https://example.com',
      banner_message: '',
      registration_open: '2026-01-10',
      registration_open_time: '19:00',
      registration_close: '2026-02-07',
      registration_close_time: '18:00',
    },
  },
};

/** The text rule inside a field's wrappers (default, optional, nullable, a preprocess step). */
function ruleOf(schema: z.ZodType): TextRule | undefined {
  const found = textRules.get(schema);
  if (found) return found;
  const inner = schema as unknown as { unwrap?: () => z.ZodType; out?: z.ZodType };
  const next = inner.unwrap?.() ?? inner.out;
  return next ? ruleOf(next) : undefined;
}

const CONTROLS = ['\u0000', '\u0001', '\u0008', '\u000b', '\u001f', '\u007f', '\u0080', '\u009f', '\t', '\n', '\ud800'];

describe.each(Object.entries(FORMS))('%s: the schema and the form refuse alike', (_name, form) => {
  it('the valid form passes both', () => {
    const parsed = form.schema.safeParse(form.valid);
    expect(parsed.error?.issues).toBeUndefined();
    expect(form.validate(parsed.data as Record<string, unknown>)).toEqual({});
  });

  const fields = Object.entries(form.schema.shape).flatMap(([field, schema]) => {
    const rule = ruleOf(schema as z.ZodType);
    return rule && typeof form.valid[field] === 'string' ? [[field, rule] as const] : [];
  });
  it.each(fields)('%s', (field, rule) => {
    const value = fc.oneof(
      fc.tuple(fc.string({ maxLength: 6 }), fc.constantFrom(...CONTROLS)).map(([a, c]) => `A${a}${c}b`),
      fc.integer({ min: 1, max: 3 }).map((extra) => 'a'.repeat(rule.max + extra)),
    );
    fc.assert(
      fc.property(value, (v) => {
        const result = form.schema.safeParse({ ...form.valid, [field]: v });
        const issue = result.error?.issues.find((i) => i.path[0] === field);
        if (!issue) return; // the rule let it through (a tab in a multi-line field)
        expect(form.validate({ ...form.valid, [field]: rule.raw ? v : v.trim() })[field]).toBe(issue.message);
      }),
      { seed: 64, numRuns: 40 },
    );
  });
});

describe('the maxima (issue 6): what no real user meets, the spec’s own where it gives one', () => {
  const maxima = (form: Form) =>
    Object.fromEntries(
      Object.entries(form.schema.shape).flatMap(([field, schema]) => {
        const rule = ruleOf(schema as z.ZodType);
        return rule ? [[field, `${rule.max}${rule.multiline ? ' multi-line' : ''}`]] : [];
      }),
    );

  it('accounts', () => {
    expect(maxima(FORMS.registration as Form)).toEqual({
      first_name: '50',
      last_name: '50',
      username: '20',
      email: '254',
      password: '256',
      contact_number: '30',
      date_of_birth: '10',
      other_club: '50',
      emergency_contact_name: '50',
      emergency_contact_number: '30',
      se_reg_number: '7',
    });
    expect(maxima(FORMS.login as Form)).toEqual({ username: '150', password: '256' });
    expect(maxima(FORMS['change password'] as Form)).toEqual({
      old_password: '256',
      new_password1: '256',
      new_password2: '256',
    });
  });

  it('content and events', () => {
    expect(maxima(FORMS.contact as Form)).toEqual({
      'first-name': '50',
      'last-name': '50',
      email: '254',
      message: '5000 multi-line',
    });
    expect(maxima(FORMS.FAQ as Form)).toEqual({ question: '500', answer: '5000 multi-line' });
    expect(maxima(FORMS.governance as Form)).toEqual({ paragraph: '20000 multi-line' });
    expect(maxima(FORMS['race event'] as Form)).toEqual({
      name: '100',
      date: '10',
      slope_name: '100',
      event_type: '20',
      price: '20',
      quantity: '10',
      url: '500',
      banner_message: '500',
      registration_open: '10',
      registration_open_time: '5',
      registration_close: '10',
      registration_close_time: '5',
    });
  });
});
