import { MSG } from '../accounts/messages.ts';

/** Every content message: the spec's words where it gives them (doc 1 §8, doc 2 §5 and §8),
 * plain English in the same style where it does not. */
export const CONTENT_MSG = {
  raceClubNameRequired: 'Race club name is required',
  slopeNameRequired: 'Slope name is required',
  slopeEmail: MSG.email,
  slopeWebsite: 'Please enter a website address starting with http:// or https://',

  documentNameRequired: 'Document name is required',
  /** Also what a file that is not a PDF is told (FILE_KINDS.organizationDocument). */
  documentFileRequired: 'Please select a PDF file.',

  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  positionRequired: 'Position is required',

  questionRequired: 'Question is required',
  answerRequired: 'Answer is required',

  paragraphRequired: 'Paragraph is required',
  governanceEmpty: 'No governance information available.',
  governanceLoadFailed: 'Failed to load governance information',
  governanceUpdated: 'Governance content updated successfully!',
  governanceUpdateFailed: 'Failed to update governance content',

  quoteRequired: 'Quote is required',
  authorRequired: 'Author is required',

  messageRequired: 'Message is required',
  contactSent: 'Thank you for your message. We will get back to you within 24-48 hours.',
  contactFailed: 'Failed to send message',

  tooMany: (label: string, max: number) => `No more than ${max} ${label} are allowed`,
  notFound: (what: string) => `${what} not found.`,
} as const;

/** The contact page's promise (doc 1 §9). */
export const CONTACT_RESPONSE_PROMISE = '24-48 hours';
