import { render } from '@react-email/components';
import type { ReactElement } from 'react';
import {
  AccountChanged,
  accountChangedSubject,
  LinkRequestDecided,
  linkRequestDecidedSubject,
  PasswordReset,
  passwordResetSubject,
  RacerDecided,
  racerDecidedSubject,
} from './accounts.tsx';
import {
  Contact,
  ContactAcknowledgement,
  contactAcknowledgementSubject,
  contactSubject,
  EntrantMessage,
  entrantMessageSubject,
  HealthAlert,
  HealthCleared,
  healthAlertSubject,
  healthClearedSubject,
} from './messages.tsx';
import {
  AmountMismatch,
  amountMismatchSubject,
  Refund,
  RefundAssociation,
  refundAssociationSubject,
  refundSubject,
} from './payments.tsx';
import { PlacesLost, placesLostSubject, Receipt, receiptSubject } from './receipt.tsx';
import { RaceCancelled, RefundNews, raceCancelledSubject, refundNewsSubject } from './refunds.tsx';
import type { EmailName, EmailPropsByName, EmailSite, RenderedEmail } from './types.ts';
import { WaitingOffer, waitingOfferSubject } from './waiting-list.tsx';

export { SAMPLES } from './samples.ts';

/**
 * Every e-mail the site sends (issue 26), made with React Email: `vite build --ssr` compiles this
 * file to dist/web-ssr/emails.js, which the server loads (server/mail/render.ts); the tests import
 * it as source. Each template is a subject and a component; the HTML and its plain-text part are
 * rendered from the same component.
 */
type Template<N extends EmailName> = {
  subject(site: EmailSite, props: EmailPropsByName[N]): string;
  body(args: { site: EmailSite; props: EmailPropsByName[N]; subject: string }): ReactElement;
};

const TEMPLATES: { [N in EmailName]: Template<N> } = {
  receipt: { subject: receiptSubject, body: Receipt },
  'places-lost': { subject: placesLostSubject, body: PlacesLost },
  'password-reset': { subject: passwordResetSubject, body: PasswordReset },
  'account-changed': { subject: accountChangedSubject, body: AccountChanged },
  'link-request-decided': { subject: linkRequestDecidedSubject, body: LinkRequestDecided },
  'racer-decided': { subject: racerDecidedSubject, body: RacerDecided },
  refund: { subject: refundSubject, body: Refund },
  'refund-association': { subject: refundAssociationSubject, body: RefundAssociation },
  'amount-mismatch': { subject: amountMismatchSubject, body: AmountMismatch },
  contact: { subject: contactSubject, body: Contact },
  'contact-acknowledgement': { subject: contactAcknowledgementSubject, body: ContactAcknowledgement },
  'health-alert': { subject: healthAlertSubject, body: HealthAlert },
  'health-cleared': { subject: healthClearedSubject, body: HealthCleared },
  'entrant-message': { subject: entrantMessageSubject, body: EntrantMessage },
  'waiting-list-offer': { subject: waitingOfferSubject, body: WaitingOffer },
  'race-cancelled': { subject: raceCancelledSubject, body: RaceCancelled },
  'refund-news': { subject: refundNewsSubject, body: RefundNews },
};

/** The plain-text part: headings as written (not upper case), a link whose text is its address once. */
const PLAIN_TEXT = {
  plainText: true,
  htmlToTextOptions: {
    selectors: [
      { selector: 'h2', options: { uppercase: false } },
      { selector: 'a', options: { linkBrackets: false, hideLinkHrefIfSameAsText: true } },
    ],
  },
} as const;

export const EMAIL_NAMES = Object.keys(TEMPLATES) as EmailName[];

/** The e-mail `name` with these props: subject, HTML and plain text. */
export async function renderEmail<N extends EmailName>(
  name: N,
  site: EmailSite,
  props: EmailPropsByName[N],
): Promise<RenderedEmail> {
  const template = TEMPLATES[name] as Template<N> | undefined;
  if (!template) throw new Error(`no e-mail template named '${name}'`);
  const subject = template.subject(site, props);
  const element = template.body({ site, props, subject });
  const [html, text] = await Promise.all([render(element), render(element, PLAIN_TEXT)]);
  // React marks where one text node ends and the next begins with an empty comment ("Race A<!-- -->:
  // <!-- -->Emily"); in an e-mail nothing hydrates it, so it goes: the HTML reads as its text does
  return { subject, html: html.replaceAll('<!-- -->', ''), text };
}
