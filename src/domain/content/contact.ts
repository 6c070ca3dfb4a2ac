import { z } from 'zod';
import { emailRule, firstNameRule, lastNameRule } from '../accounts/rules.ts';
import { ACCOUNT_TEXT } from '../accounts/text-rules.ts';
import { type TextRule, textField } from '../text.ts';
import { CONTENT_MSG } from './messages.ts';
import { collect, type FieldMessages, requiredText } from './shared.ts';

export const CONTACT_MESSAGE_MAX = 5000;
const MESSAGE = {
  label: 'Message',
  max: CONTACT_MESSAGE_MAX,
  multiline: true,
  required: CONTENT_MSG.messageRequired,
} as const satisfies TextRule;

/** POST /contact/: the keys are hyphenated, as the spec sends them. Names and e-mail follow the
 * registration rules. */
export const contactSchema = z.strictObject({
  'first-name': textField(ACCOUNT_TEXT.firstName).default(''),
  'last-name': textField(ACCOUNT_TEXT.lastName).default(''),
  email: textField(ACCOUNT_TEXT.email).default(''),
  message: textField(MESSAGE).default(''),
});
export type ContactMessage = z.infer<typeof contactSchema>;

/** Names as at registration (2-50 letters, spaces, hyphens, apostrophes), an e-mail of at most 254
 * characters, and a message of at most 5000. */
export function validateContact(v: ContactMessage): FieldMessages {
  return collect([
    ['first-name', firstNameRule(v['first-name'])],
    ['last-name', lastNameRule(v['last-name'])],
    ['email', emailRule(v.email)],
    ['message', requiredText(v.message, MESSAGE)],
  ]);
}

/** A name fit for a mail subject: one line, single spaces. */
export function oneLine(value: string): string {
  return value.replace(/\s+/g, ' ').trim();
}
