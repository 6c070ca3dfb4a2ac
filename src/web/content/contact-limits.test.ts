import { describe, expect, it } from 'vitest';
import { CONTACT_MESSAGE_MAX } from '../../domain/content/contact.ts';
import { MESSAGE_MAX } from './contact-limits.ts';

describe('the contact form', () => {
  it('limits a message as the domain does (its rules load only when the form is used)', () => {
    expect(MESSAGE_MAX).toBe(CONTACT_MESSAGE_MAX);
  });
});
