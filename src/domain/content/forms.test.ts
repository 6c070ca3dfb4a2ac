import { describe, expect, it } from 'vitest';
import {
  CONTENT_MSG,
  contactSchema,
  EMPTY_SLOPE,
  faqAnswerPreview,
  faqCreateSchema,
  faqUpdateSchema,
  findSafeguardingPolicy,
  mergeSlope,
  mergeTeamMember,
  oneLine,
  SAFEGUARDING_POLICY_NAME,
  type SlopeValues,
  slopeFormSchema,
  validateContact,
  validateDocument,
  validateFaq,
  validateGovernance,
  validateSlope,
  validateTeamMember,
  websiteRule,
} from './index.ts';

const slope = (over: Partial<SlopeValues> = {}): SlopeValues => ({
  ...EMPTY_SLOPE,
  race_club_name: 'Hemel Ski Race Club',
  slope_name: 'The Snow Centre',
  ...over,
});

describe('slope details', () => {
  it('needs the race club name and the slope name', () => {
    expect(validateSlope(EMPTY_SLOPE)).toEqual({
      race_club_name: 'Race club name is required',
      slope_name: 'Slope name is required',
    });
    expect(validateSlope(slope({ race_club_name: '   ' }))).toEqual({ race_club_name: 'Race club name is required' });
    expect(validateSlope(slope())).toEqual({});
  });

  it('checks the e-mail only when one is given', () => {
    expect(validateSlope(slope({ slope_email: 'info@snow.example' }))).toEqual({});
    expect(validateSlope(slope({ slope_email: 'not-an-email' }))).toEqual({
      slope_email: 'Please enter a valid email address (max 254 characters)',
    });
    expect(validateSlope(slope({ slope_email: `${'a'.repeat(250)}@x.co` })).slope_email).toBe(
      'Please enter a valid email address (max 254 characters)',
    );
  });

  it('accepts only http and https website addresses', () => {
    for (const ok of ['', 'https://www.snow.example', 'http://snow.example/path?q=1'])
      expect(websiteRule(ok)).toBeNull();
    for (const bad of [
      'www.snow.example',
      'javascript:alert(1)',
      'ftp://snow.example',
      'https://',
      'https://a b.com',
    ]) {
      expect(websiteRule(bad)).toBe('Please enter a website address starting with http:// or https://');
    }
  });

  it('takes any contact number text up to 30 characters', () => {
    expect(validateSlope(slope({ slope_contact_number: '01632 960123 (reception)' }))).toEqual({});
    expect(validateSlope(slope({ slope_contact_number: 'x'.repeat(30) }))).toEqual({});
    expect(validateSlope(slope({ slope_contact_number: 'x'.repeat(31) }))).toEqual({
      slope_contact_number: 'Contact number must be 30 characters or fewer',
    });
  });

  it('limits every other field', () => {
    expect(validateSlope(slope({ race_club_name: 'x'.repeat(101), postcode: 'AB12 3CDEFGH' }))).toEqual({
      race_club_name: 'Race club name must be 100 characters or fewer',
      postcode: 'Postcode must be 10 characters or fewer',
    });
  });

  it('keeps what an update does not send, and refuses unknown form fields', () => {
    const base = slope({ locality: 'Hemel Hempstead' });
    const form = slopeFormSchema.parse({ slope_name: '  Snow Centre  ', slope_image: '' });
    expect(mergeSlope(base, form)).toEqual({ ...base, slope_name: 'Snow Centre' });
    expect(slopeFormSchema.safeParse({ hacker: 'x' }).success).toBe(false);
    expect(slopeFormSchema.safeParse({ slope_image_clear: 'yes' }).success).toBe(false);
  });
});

describe('organisation documents', () => {
  it('need a name, and a PDF on create', () => {
    expect(validateDocument({ name: '', hasFile: false })).toEqual({
      name: 'Document name is required',
      document: 'Please select a PDF file.',
    });
    expect(validateDocument({ name: 'Code of Conduct', hasFile: true })).toEqual({});
    expect(validateDocument({ name: 'x'.repeat(151), hasFile: true })).toEqual({
      name: 'Document name must be 150 characters or fewer',
    });
  });

  it('find the safeguarding policy by its exact name only', () => {
    const docs = [{ name: 'safeguarding policy' }, { name: 'Safeguarding Policy ' }, { name: 'Safeguarding Policy' }];
    expect(findSafeguardingPolicy(docs)).toBe(docs[2]);
    expect(findSafeguardingPolicy(docs.slice(0, 2))).toBeUndefined();
    expect(SAFEGUARDING_POLICY_NAME).toBe('Safeguarding Policy');
  });
});

describe('team members', () => {
  it('need first name, last name and position', () => {
    expect(validateTeamMember({ first_name: '', last_name: ' ', position: '' })).toEqual({
      first_name: 'First name is required',
      last_name: 'Last name is required',
      position: 'Position is required',
    });
    expect(validateTeamMember({ first_name: 'Helen', last_name: 'Marsh', position: 'Chair' })).toEqual({});
    expect(validateTeamMember({ first_name: 'x'.repeat(51), last_name: 'M', position: 'p'.repeat(101) })).toEqual({
      first_name: 'First name must be 50 characters or fewer',
      position: 'Position must be 100 characters or fewer',
    });
  });

  it('keep what an update does not send', () => {
    const base = { first_name: 'Helen', last_name: 'Marsh', position: 'Chair' };
    expect(mergeTeamMember(base, { position: 'President' })).toEqual({ ...base, position: 'President' });
  });
});

describe('FAQs', () => {
  it('need a question and an answer, within 500 and 5000 characters', () => {
    expect(validateFaq(faqCreateSchema.parse({}))).toEqual({
      question: 'Question is required',
      answer: 'Answer is required',
    });
    expect(validateFaq({ question: 'q'.repeat(500), answer: 'a'.repeat(5000) })).toEqual({});
    expect(validateFaq({ question: 'q'.repeat(501), answer: 'a'.repeat(5001) })).toEqual({
      question: 'Question must be 500 characters or fewer',
      answer: 'Answer must be 5000 characters or fewer',
    });
  });

  it('trim what is sent, and an update may send one field', () => {
    expect(faqCreateSchema.parse({ question: '  Why?  ', answer: ' Because. ' })).toEqual({
      question: 'Why?',
      answer: 'Because.',
    });
    expect(faqUpdateSchema.parse({ answer: 'Now.' })).toEqual({ answer: 'Now.' });
    expect(faqCreateSchema.safeParse({ question: 'a', answer: 'b', extra: 1 }).success).toBe(false);
  });

  it('cut answers to 100 characters for the admin table', () => {
    expect(faqAnswerPreview('short')).toBe('short');
    expect(faqAnswerPreview('a'.repeat(100))).toBe('a'.repeat(100));
    expect(faqAnswerPreview('a'.repeat(101))).toBe(`${'a'.repeat(100)}…`);
  });
});

describe('governance', () => {
  it('needs a paragraph of at most 20000 characters', () => {
    expect(validateGovernance({ paragraph: '' })).toEqual({ paragraph: 'Paragraph is required' });
    expect(validateGovernance({ paragraph: 'p'.repeat(20_000) })).toEqual({});
    expect(validateGovernance({ paragraph: 'p'.repeat(20_001) })).toEqual({
      paragraph: 'Paragraph must be 20000 characters or fewer',
    });
  });
});

describe('the contact form', () => {
  const message = {
    'first-name': 'Mary-Jane',
    'last-name': "O'Neil",
    email: 'mary@example.com',
    message: 'When is the next race?',
  };

  it('accepts a good message', () => {
    expect(validateContact(message)).toEqual({});
  });

  it('uses the registration name and e-mail rules', () => {
    expect(validateContact(contactSchema.parse({}))).toEqual({
      'first-name': 'First name is required',
      'last-name': 'Last name is required',
      email: 'Please enter a valid email address (max 254 characters)',
      message: 'Message is required',
    });
    expect(validateContact({ ...message, 'first-name': 'J', 'last-name': 'Sm1th' })).toEqual({
      'first-name':
        'First name must contain only letters, spaces, hyphens, or apostrophes, and be 2-50 characters long',
      'last-name': 'Last name must contain only letters, spaces, hyphens, or apostrophes, and be 2-50 characters long',
    });
    expect(validateContact({ ...message, email: `${'a'.repeat(245)}@example.com` })).toEqual({
      email: 'Please enter a valid email address (max 254 characters)',
    });
  });

  it('limits the message to 5000 characters', () => {
    expect(validateContact({ ...message, message: 'm'.repeat(5000) })).toEqual({});
    expect(validateContact({ ...message, message: 'm'.repeat(5001) })).toEqual({
      message: 'Message must be 5000 characters or fewer',
    });
  });

  it('has the spec’s answers', () => {
    expect(CONTENT_MSG.contactSent).toBe('Thank you for your message. We will get back to you within 24-48 hours.');
    expect(CONTENT_MSG.contactFailed).toBe('Failed to send message');
    expect(oneLine(' Mary \n  Jane ')).toBe('Mary Jane');
  });
});
