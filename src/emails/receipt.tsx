import { Section, Text } from '@react-email/components';
import { formatPrice } from '../domain/money.ts';
import { A, Action, H, Layout, P, price, providerLabel, raceWhen } from './layout.tsx';
import type { EmailSite, PlacesLostProps, ReceiptProps, ReceiptRace } from './types.ts';

const pounds = (pence: number) => `£${formatPrice(pence)}`;
const sum = (races: ReceiptRace[], booked?: boolean) =>
  races
    .flatMap((r) => r.lines)
    .reduce((s, l) => (booked === undefined || l.booked === booked ? s + l.amountPence : s), 0);
const count = (races: ReceiptRace[], booked: boolean) =>
  races.flatMap((r) => r.lines).filter((l) => l.booked === booked).length;

/**
 * The receipt's subject, naming the association's code: one place "ERSA: your entry for Hemel Open
 * Slalom is confirmed", several in one race "your entries for …  are confirmed", several races
 * "your entries for 3 races are confirmed"; when places were lost it says how many were refunded.
 */
export function receiptSubject(site: EmailSite, props: ReceiptProps): string {
  const booked = props.races.filter((r) => r.lines.some((l) => l.booked));
  const places = count(props.races, true);
  const lost = count(props.races, false);
  if (places === 0) return `${site.code}: your payment is refunded: the places could not be booked`;
  const what =
    booked.length > 1
      ? `your entries for ${booked.length} races are confirmed`
      : places === 1
        ? `your entry for ${booked[0]?.name} is confirmed`
        : `your entries for ${booked[0]?.name} are confirmed`;
  return lost
    ? `${site.code}: ${what}; ${lost} place${lost === 1 ? ' was' : 's were'} refunded`
    : `${site.code}: ${what}`;
}

/** Each race: its name, day, start time (UK time) and venue, then each participant with the amount. */
function Races(props: { races: ReceiptRace[]; booked: boolean }) {
  return (
    <>
      {props.races
        .filter((race) => race.lines.some((l) => l.booked === props.booked))
        .map((race, i) => {
          const when = raceWhen(race.date, race.startTime);
          return (
            <Section
              // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list, in order (two races may share a name)
              key={i}
              style={{ borderLeft: '3px solid #dde1e6', padding: '0 0 0 12px', margin: '12px 0' }}
            >
              <H>{race.name}</H>
              {when || race.venue ? (
                <Text style={{ color: '#4a5561', fontSize: 14, lineHeight: '20px', margin: '0 0 6px' }}>
                  {[when, race.venue].filter(Boolean).join(' · ')}
                </Text>
              ) : null}
              {race.lines
                .filter((l) => l.booked === props.booked)
                .map((l) => (
                  <Text
                    key={l.participant}
                    style={{ color: '#1f2933', fontSize: 15, lineHeight: '22px', margin: '2px 0' }}
                  >
                    {l.participant}: {price(l.amountPence)}
                  </Text>
                ))}
            </Section>
          );
        })}
    </>
  );
}

function Totals(props: { receipt: { reference: string; provider: string; races: ReceiptRace[] } }) {
  const { races } = props.receipt;
  const refunded = sum(races, false);
  return (
    <Section style={{ backgroundColor: '#f4f5f7', padding: '8px 12px', margin: '16px 0' }}>
      <Text style={{ color: '#1f2933', fontSize: 16, fontWeight: 700, lineHeight: '24px', margin: '4px 0' }}>
        Total paid: {pounds(sum(races))}
      </Text>
      {refunded ? (
        <Text style={{ color: '#1f2933', fontSize: 15, lineHeight: '22px', margin: '4px 0' }}>
          Refunded: {pounds(refunded)}
        </Text>
      ) : null}
      <Text style={{ color: '#1f2933', fontSize: 15, lineHeight: '22px', margin: '4px 0' }}>
        Payment: {providerLabel(props.receipt.provider)}, reference {props.receipt.reference}
      </Text>
    </Section>
  );
}

export function Receipt(props: { site: EmailSite; props: ReceiptProps; subject: string }) {
  const { site, props: r } = props;
  const booked = count(r.races, true);
  const lost = count(r.races, false);
  return (
    <Layout site={site} title={props.subject} preview={props.subject}>
      <P>Hello {r.firstName},</P>
      {booked ? (
        <>
          <P>
            Thank you: {booked === 1 ? 'this place is' : 'these places are'} booked.
            {r.races.some((race) => race.date) ? ' Times are UK time; a calendar entry for each race is attached.' : ''}
          </P>
          <Races races={r.races} booked />
          <P>
            Add your family's races to your calendar: <A site={site} href={r.profileUrl} />
          </P>
        </>
      ) : null}
      {lost ? (
        <>
          <P>
            {lost === 1 ? 'This place' : 'These places'} could not be booked (the event filled or was cancelled, or the
            entry was removed from your cart before the payment completed), so the amount is refunded to you:
          </P>
          <Races races={r.races} booked={false} />
        </>
      ) : null}
      <Totals receipt={r} />
      <Action site={site} href={r.myEntriesUrl}>
        See My Entries
      </Action>
      <P>Keep this e-mail as your receipt. Questions? Reply to {site.email}.</P>
    </Layout>
  );
}

export function placesLostSubject(site: EmailSite, props: PlacesLostProps): string {
  const lost = count(props.races, false);
  return `${site.code}: refund made: ${lost} place${lost === 1 ? '' : 's'} lost on payment ${props.reference}`;
}

/** To the association: a payment paid for places that filled first; they were refunded. */
export function PlacesLost(props: { site: EmailSite; props: PlacesLostProps; subject: string }) {
  const { site, props: r } = props;
  return (
    <Layout site={site} title={props.subject} preview={props.subject}>
      <P>
        {r.payerName} ({r.payerUsername}) paid for places that could not be booked before the payment completed; they
        were refunded automatically.
      </P>
      <Races races={r.races} booked={false} />
      {count(r.races, true) ? (
        <>
          <P>Booked on the same payment:</P>
          <Races races={r.races} booked />
        </>
      ) : null}
      <Totals receipt={r} />
    </Layout>
  );
}
