/** The most characters a contact message may have: CONTACT_MESSAGE_MAX of the domain's contact
 * rules, which import zod; the contact page loads those only when its form is used, and shows this
 * limit from the start (contact-limits.test.ts keeps the two equal). */
export const MESSAGE_MAX = 5000;
