import { formatEventDate } from '../../domain/dates.ts';
import { type Product, registrationState } from '../../domain/events/index.ts';
import { londonMoment } from '../../domain/events/registration.ts';
import { displayPrice } from '../../domain/money.ts';
import type { SlopeAddress } from './event-page-place.ts';
import { SHARE_HEIGHT, SHARE_WIDTH, shareImagePath } from './share-image.ts';

/**
 * The tags a painted page carries for sharing and search (issue 26): Open Graph on every public
 * page (og:title, og:description, og:url, og:site_name, og:type) and its canonical link; an event
 * page adds its share picture (og:image with its size and words, the Twitter card) and JSON-LD
 * `SportsEvent` (docs/decisions/0067). Every address is absolute, from PUBLIC_URL.
 */
export interface Site {
  /** PUBLIC_URL, e.g. https://ersa.example */
  publicUrl: string;
  /** og:site_name: the association's name */
  siteName: string;
}

export interface PageMeta {
  title: string;
  description: string;
  /** The page's canonical path (`/booking`, `/events/club-race-2026`), null for the 404 page. */
  path: string | null;
  /** An absolute or root-relative picture address (made absolute here). */
  image?: string | null;
  /** The picture's size in pixels, and the words for whoever cannot see it. */
  imageSize?: { width: number; height: number };
  imageAlt?: string;
  type?: 'website' | 'event';
  /** Already-escaped tags to add (the JSON-LD). */
  extra?: string;
}

export const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** An absolute address on the site for a root-relative one (kept when already absolute). */
export function absoluteUrl(site: Site, path: string): string {
  if (/^https?:\/\//i.test(path)) return path;
  return `${site.publicUrl.replace(/\/+$/, '')}${path.startsWith('/') ? '' : '/'}${path}`;
}

/** JSON that cannot end its <script> element (`</script>`), open a comment or break a line. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The head tags of a painted page: Open Graph, Twitter card when it has a picture, canonical. */
export function headTags(site: Site, meta: PageMeta): string {
  const tags: string[] = [];
  const property = (name: string, content: string) =>
    tags.push(`<meta property="${name}" content="${escapeHtml(content)}">`);
  const named = (name: string, content: string) => tags.push(`<meta name="${name}" content="${escapeHtml(content)}">`);
  property('og:title', meta.title || site.siteName);
  if (meta.description) property('og:description', meta.description);
  property('og:site_name', site.siteName);
  property('og:type', meta.type === 'event' ? 'article' : 'website');
  property('og:locale', 'en_GB');
  if (meta.path !== null) {
    const url = absoluteUrl(site, meta.path);
    property('og:url', url);
    tags.push(`<link rel="canonical" href="${escapeHtml(url)}">`);
  }
  const image = meta.image ? absoluteUrl(site, meta.image) : null;
  if (image) {
    property('og:image', image);
    if (meta.imageSize) {
      property('og:image:width', String(meta.imageSize.width));
      property('og:image:height', String(meta.imageSize.height));
    }
    if (meta.imageAlt) property('og:image:alt', meta.imageAlt);
  }
  named('twitter:card', image ? 'summary_large_image' : 'summary');
  named('twitter:title', meta.title || site.siteName);
  if (meta.description) named('twitter:description', meta.description);
  if (image) {
    named('twitter:image', image);
    if (meta.imageAlt) named('twitter:image:alt', meta.imageAlt);
  }
  return tags.join('') + (meta.extra ?? '');
}

/** `2027-03-28T09:30:00+01:00`: a London wall-clock time with its offset that day. */
export function londonDateTime(date: string, time: string): string {
  const instant = londonMoment(date, time);
  const wall = Date.parse(`${date}T${time}:00Z`);
  const minutes = Math.round((wall - instant.getTime()) / 60_000);
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  const offset = `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
  return `${date}T${time}:00${offset}`;
}

/** One line saying when and where, for descriptions: "Saturday 14th February 2026, Hemel Snow Centre". */
export function eventDescription(event: Product): string {
  const day = formatEventDate(event.date, false);
  const time = event.start_time ? ` at ${event.start_time} UK time` : '';
  const state = event.is_cancelled ? 'Cancelled: ' : '';
  const price = event.event_type === 'race' ? ` · ${displayPrice(event.price)}` : '';
  return `${state}${day}${time}, ${event.slope_name}${price}`;
}

/** schema.org `PostalAddress` of a slope (its parts that are filled), in Great Britain. */
function postalAddress(address: SlopeAddress): Record<string, string> {
  const street = [address.addressLine1, address.addressLine2].map((line) => line.trim()).filter(Boolean);
  const parts: [string, string][] = [
    ['streetAddress', street.join(', ')],
    ['addressLocality', address.locality.trim()],
    ['postalCode', address.postcode.trim()],
  ];
  return {
    '@type': 'PostalAddress',
    ...Object.fromEntries(parts.filter(([, value]) => value !== '')),
    addressCountry: 'GB',
  };
}

/** JSON-LD `SportsEvent` for an event page (schema.org), in a script element that cannot be broken
 * out of whatever the event's name holds. `address` is its slope's, when a club's details have it.
 * An event is one day: it ends on its date (no end time is known: docs/decisions/0067). */
export function eventJsonLd(site: Site, event: Product, now: Date, address: SlopeAddress | null = null): string {
  const url = absoluteUrl(site, `/events/${event.slug}`);
  const state = registrationState(event, now);
  const availability = event.is_full
    ? 'https://schema.org/SoldOut'
    : state.bookable
      ? 'https://schema.org/InStock'
      : 'https://schema.org/SoldOut';
  const data: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'SportsEvent',
    name: event.name,
    startDate: event.start_time ? londonDateTime(event.date, event.start_time) : event.date,
    eventStatus: event.is_cancelled ? 'https://schema.org/EventCancelled' : 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    endDate: event.date,
    location: {
      '@type': 'Place',
      name: event.slope_name,
      ...(address ? { address: postalAddress(address) } : {}),
    },
    url,
    description: eventDescription(event),
    organizer: { '@type': 'Organization', name: site.siteName, url: absoluteUrl(site, '/') },
  };
  // the share picture with its size, then the picture itself (an event without one has none)
  if (event.image)
    data.image = [
      {
        '@type': 'ImageObject',
        url: absoluteUrl(site, shareImagePath(event)),
        width: SHARE_WIDTH,
        height: SHARE_HEIGHT,
      },
      absoluteUrl(site, event.image),
    ];
  // a cancelled race offers no place, sold out or not (issue 35)
  if (event.event_type === 'race' && !event.is_cancelled) {
    data.offers = {
      '@type': 'Offer',
      price: event.price,
      priceCurrency: 'GBP',
      availability,
      url,
      ...(event.registration_open && event.registration_open_time
        ? { validFrom: londonDateTime(event.registration_open, event.registration_open_time) }
        : {}),
    };
  }
  return `<script type="application/ld+json">${scriptSafeJson(data)}</script>`;
}

/** Everything an event page's head says about it: its share picture is made from the event's
 * picture, described by the event's name and day, or else is the site's, named by the site. */
export function eventMeta(site: Site, event: Product, now: Date, address: SlopeAddress | null = null): PageMeta {
  return {
    title: event.name,
    description: eventDescription(event),
    path: `/events/${event.slug}`,
    image: shareImagePath(event),
    imageSize: { width: SHARE_WIDTH, height: SHARE_HEIGHT },
    imageAlt: event.image ? `${event.name}, ${formatEventDate(event.date, false)}` : site.siteName,
    type: 'event',
    extra: eventJsonLd(site, event, now, address),
  };
}
