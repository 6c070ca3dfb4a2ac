import { z } from 'zod';
import { emailRule, firstNameRule, lastNameRule } from '../accounts/rules.ts';
import { CONTENT_MSG } from './messages.ts';
import { collect, type FieldMessages, requiredText, textField } from './shared.ts';

export const CONTACT_MESSAGE_MAX = 5000;

/** POST /contact/: the keys are hyphenated, as the spec sends them. */
export const contactSchema = z.strictObject({
  'first-name': textField,
  'last-name': textField,
  email: textField,
  message: textField,
});
export type ContactMessage = z.infer<typeof contactSchema>;

/** Names as at registration (2-50 letters, spaces, hyphens, apostrophes), an e-mail of at most 254
 * characters, and a message of at most 5000. */
export function validateContact(v: ContactMessage): FieldMessages {
  return collect([
    ['first-name', firstNameRule(v['first-name'])],
    ['last-name', lastNameRule(v['last-name'])],
    ['email', emailRule(v.email)],
    ['message', requiredText(v.message, CONTENT_MSG.messageRequired, 'Message', CONTACT_MESSAGE_MAX)],
  ]);
}

/** A name fit for a mail subject: one line, single spaces. */
export function oneLine(value: string): string {
  return value.replace(/\s+/g, ' ').trim();
}
