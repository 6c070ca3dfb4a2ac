import { eq } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { events } from '../db/schema.ts';
import { currentSlugOf, isSlug, productBySlug } from '../events/service.ts';
import { clubSlopes, slopeAddressFor } from './event-page-place.ts';
import { eventMeta, type PageMeta, type Site } from './head.ts';

/** The event page's route (src/web/app/routes.tsx). */
export const EVENT_PAGE_PATTERN = '/events/:slug';

export interface EventPageAddress {
  slug: string;
  /** `/events/{slug}`: the one address the page is painted and cached under. */
  path: string;
  /** The request spelt it otherwise (capitals, an escape, a trailing slash, a query): 308 there. */
  redirect: boolean;
}

/** The event page a request's raw target names, or null when it cannot name one (404). */
export function eventPageAddress(rawUrl: string): EventPageAddress | null {
  const target = rawUrl.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '');
  const path = target.split(/[?#]/)[0] ?? '';
  const match = /^\/+events\/+([^/]+)\/*$/i.exec(path);
  if (!match?.[1]) return null;
  let slug: string;
  try {
    slug = decodeURIComponent(match[1]).toLowerCase();
  } catch {
    return null;
  }
  if (!isSlug(slug)) return null;
  const canonical = `/events/${slug}`;
  return { slug, path: canonical, redirect: target !== canonical };
}

/** The slug the event named by `slug` answers at now: itself, its current one when `slug` is a
 * former slug, or null when no event ever had it. */
export async function currentSlug(ctx: AppContext, slug: string): Promise<string | null> {
  const [row] = await ctx.db.select({ slug: events.slug }).from(events).where(eq(events.slug, slug));
  if (row) return row.slug;
  return currentSlugOf(ctx, slug);
}

/** The head of the event at `slug` (current): its tags, with its slope's address from the clubs'
 * details. Read while the page is painted, kept with it. */
export async function eventPageMeta(ctx: AppContext, site: Site, slug: string): Promise<PageMeta> {
  const [event, slopes] = await Promise.all([productBySlug(ctx, slug), clubSlopes(ctx)]);
  return eventMeta(site, event, ctx.now(), slopeAddressFor(event.slope_name, slopes));
}
