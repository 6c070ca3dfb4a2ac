import { Section, Text } from '@react-email/components';
import { A, Layout, P, Paragraphs, raceWhen } from './layout.tsx';
import type {
  ContactAcknowledgementProps,
  ContactProps,
  EmailSite,
  EntrantMessageProps,
  HealthAlertProps,
  HealthClearedProps,
} from './types.ts';

type Of<T> = { site: EmailSite; props: T; subject: string };

export const contactSubject = (site: EmailSite, p: ContactProps) =>
  `${site.code} contact form: ${p.firstName} ${p.lastName}`;

/** To the association; replying answers the sender (the server sets Reply-To). */
export function Contact({ site, props, subject }: Of<ContactProps>) {
  return (
    <Layout site={site} title={subject} preview={`A message from ${props.firstName} ${props.lastName}`}>
      <P>A message from the contact form of the {site.name} website.</P>
      <P>
        Name: {props.firstName} {props.lastName}
        <br />
        Email:{' '}
        <A site={site} href={`mailto:${props.email}`}>
          {props.email}
        </A>
      </P>
      <Section style={{ borderLeft: `3px solid ${site.colours.accent}`, paddingLeft: 12 }}>
        <Paragraphs text={props.message} />
      </Section>
      <P>
        Reply to this e-mail to answer {props.firstName} directly. The website promised a reply within {props.promise}.
      </P>
    </Layout>
  );
}

export const contactAcknowledgementSubject = (site: EmailSite) => `${site.code}: we have received your message`;

/** To the sender. It does not repeat their message, so the form cannot be used to send someone
 * else arbitrary text from the association's address. */
export function ContactAcknowledgement({ site, props, subject }: Of<ContactAcknowledgementProps>) {
  return (
    <Layout site={site} title={subject} preview={subject}>
      <P>Hello {props.firstName},</P>
      <P>
        Thank you for contacting the {site.name}. We have received your message and will get back to you within{' '}
        {props.promise}.
      </P>
    </Layout>
  );
}

export const healthAlertSubject = (site: EmailSite, p: HealthAlertProps) => `${site.code} site health: ${p.title}`;

export function HealthAlert({ site, props, subject }: Of<HealthAlertProps>) {
  return (
    <Layout site={site} title={subject} preview={subject}>
      <P strong>
        {props.title} (since {props.since}).
      </P>
      {props.detail ? <Paragraphs text={props.detail} /> : null}
      <P>
        The Site health panel (<A site={site} href={props.adminUrl} />) shows it while it lasts. You will get one more
        e-mail when it clears, and none before.
      </P>
    </Layout>
  );
}

export const healthClearedSubject = (site: EmailSite, p: HealthClearedProps) =>
  `${site.code} site health: cleared: ${p.title}`;

export function HealthCleared({ site, props, subject }: Of<HealthClearedProps>) {
  return (
    <Layout site={site} title={subject} preview={subject}>
      <P>
        {props.title}: cleared at {props.cleared} (raised {props.raised}).
      </P>
    </Layout>
  );
}

export const entrantMessageSubject = (site: EmailSite, p: EntrantMessageProps) =>
  `${site.code}: ${p.eventName}: ${p.subject}`;

/** An administrator's message to a race's entrants (Booked Participants → Message entrants). */
export function EntrantMessage({ site, props, subject }: Of<EntrantMessageProps>) {
  const when = raceWhen(props.date, props.startTime);
  return (
    <Layout site={site} title={subject} preview={props.subject}>
      <Text style={{ color: '#4a5561', fontSize: 14, lineHeight: '20px', margin: '12px 0 0' }}>
        About your entry for {props.eventName}
        {when || props.venue ? ` (${[when, props.venue].filter(Boolean).join(', ')})` : ''}
      </Text>
      <h2 style={{ color: '#1f2933', fontSize: 18, lineHeight: '26px', margin: '8px 0' }}>{props.subject}</h2>
      <Paragraphs text={props.body} />
      {props.eventUrl ? (
        <P>
          The event: <A site={site} href={props.eventUrl} />
        </P>
      ) : null}
      <P>You receive this because you, or someone you are linked with, entered this race.</P>
    </Layout>
  );
}
