import { Body, Button, Container, Head, Hr, Html, Link, Preview, Section, Text } from '@react-email/components';
import { Fragment, type ReactNode } from 'react';
import { formatEventDate } from '../domain/dates.ts';
import { displayPrice } from '../domain/money.ts';
import type { EmailSite } from './types.ts';

/**
 * The one layout every e-mail uses (issue 26): the association's name on a band of its primary
 * colour (white text: ASSOCIATION_COLOURS refuses a primary too light for it), a thin accent line,
 * the content, and a footer with the association's name and e-mail. 600 px at most, fluid below,
 * so it reads at 375 px.
 */
export function Layout(props: { site: EmailSite; title: string; preview: string; children: ReactNode }) {
  const { site } = props;
  return (
    <Html lang="en" dir="ltr">
      <Head>
        <title>{props.title}</title>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
      </Head>
      <Preview>{props.preview}</Preview>
      <Body style={{ backgroundColor: '#f4f5f7', margin: 0, padding: '16px 0', fontFamily: FONT }}>
        <Container style={{ maxWidth: 600, width: '100%', backgroundColor: '#ffffff' }}>
          <Section
            style={{
              backgroundColor: site.colours.primary,
              borderBottom: `4px solid ${site.colours.accent}`,
              padding: '16px 24px',
            }}
          >
            {/* the plain text starts with the content: the footer names the association */}
            <Text
              data-skip-in-text="true"
              style={{ color: '#ffffff', fontSize: 20, fontWeight: 700, lineHeight: '28px', margin: 0 }}
            >
              {site.name}
            </Text>
          </Section>
          <Section style={{ padding: '8px 24px 16px' }}>
            <main>{props.children}</main>
          </Section>
          <Hr style={{ borderColor: '#dde1e6', margin: 0 }} />
          <Section style={{ padding: '12px 24px 16px' }}>
            <Text style={{ ...SMALL, margin: 0 }}>
              {site.name} ({site.code}) ·{' '}
              <Link href={`mailto:${site.email}`} style={{ color: site.colours.primary, textDecoration: 'underline' }}>
                {site.email}
              </Link>
            </Text>
            <Text style={{ ...SMALL, margin: '4px 0 0' }}>
              <Link href={site.publicUrl} style={{ color: site.colours.primary, textDecoration: 'underline' }}>
                {site.publicUrl}
              </Link>
            </Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

const FONT = "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";
const SMALL = { color: '#4a5561', fontSize: 13, lineHeight: '20px' };
const BODY_TEXT = { color: '#1f2933', fontSize: 15, lineHeight: '22px', margin: '12px 0' };

/** A paragraph of the e-mail's text. */
export function P(props: { children: ReactNode; strong?: boolean }) {
  return <Text style={{ ...BODY_TEXT, ...(props.strong ? { fontWeight: 700 } : {}) }}>{props.children}</Text>;
}

/** A heading inside the content (h2: the association's band is the page's top). */
export function H(props: { children: ReactNode }) {
  return (
    <h2 style={{ color: '#1f2933', fontSize: 17, lineHeight: '24px', margin: '20px 0 4px', fontFamily: FONT }}>
      {props.children}
    </h2>
  );
}

/** Text that keeps its line breaks (a message written by a person): one paragraph per block. */
export function Paragraphs(props: { text: string }) {
  const blocks = props.text.split(/\r?\n\s*\r?\n/).filter((b) => b.trim() !== '');
  return (
    <>
      {blocks.map((block, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the blocks are a fixed text's, in order
        <Text key={i} style={BODY_TEXT}>
          {block
            .trim()
            .split(/\r?\n/)
            .map((line, j) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the lines of a fixed text, in order
              <Fragment key={j}>
                {j > 0 ? <br /> : null}
                {line}
              </Fragment>
            ))}
        </Text>
      ))}
    </>
  );
}

/** The main action, a button in the primary colour. */
export function Action(props: { site: EmailSite; href: string; children: ReactNode }) {
  return (
    <Section style={{ margin: '16px 0' }}>
      <Button
        href={props.href}
        style={{
          backgroundColor: props.site.colours.primary,
          color: '#ffffff',
          fontSize: 15,
          fontWeight: 700,
          padding: '12px 20px',
          borderRadius: 6,
          textDecoration: 'none',
        }}
      >
        {props.children}
      </Button>
    </Section>
  );
}

/** A link in the text, in the primary colour. */
export function A(props: { site: EmailSite; href: string; children?: ReactNode }) {
  return (
    <Link
      href={props.href}
      style={{ color: props.site.colours.primary, textDecoration: 'underline', wordBreak: 'break-all' }}
    >
      {props.children ?? props.href}
    </Link>
  );
}

/** "Saturday 14th March 2027, 10:00 UK time"; the day alone without a start time; '' without a day. */
export function raceWhen(date: string | null, startTime: string | null): string {
  if (!date) return '';
  const day = formatEventDate(date, false);
  return startTime ? `${day}, ${startTime} UK time` : day;
}

/** How a receipt names the way it was paid. */
export function providerLabel(provider: string): string {
  switch (provider) {
    case 'stripe':
      return 'card (Stripe)';
    case 'paypal':
      return 'PayPal';
    case 'demo':
      return 'demo payment (no money taken)';
    case 'no payment':
      return 'free entry (no payment)';
    default:
      return provider;
  }
}

export const price = (pence: number) => displayPrice(pence);
