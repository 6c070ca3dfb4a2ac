import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { textField } from '../../domain/text.ts';
import type { AppContext } from '../context.ts';
import { currentUser } from '../plugins/auth.ts';
import { familyFeed, feedStatus, makeFeed, racesFeed, revokeFeed } from './calendar-feeds.ts';
import { CALENDAR_TYPE } from './calendar-file.ts';

const tags = ['events'];
const bearerOnly = [{ bearer: [] }];

/**
 * Calendar feeds (issue 27, docs/decisions/0046): the public feed of races, a family's private
 * feed (its token is the key), and the signed-in user's management of their own feed.
 */
export function calendarFeedRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    const api = app.withTypeProvider<ZodTypeProvider>();

    api.get(
      '/calendar/races.ics',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: "The association's races from 30 days ago onwards, as an iCalendar feed",
          produces: ['text/calendar'],
        },
      },
      async (_request, reply) => {
        const body = await racesFeed(ctx);
        return reply.header('cache-control', 'public, max-age=300').type(CALENDAR_TYPE).send(body);
      },
    );

    api.get(
      '/calendar/family/:token.ics',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: "A family's races (no one's name), by the feed's secret token; unknown or revoked: 404",
          params: z.object({ token: textField({ label: 'Token', max: 100, raw: true }) }),
          produces: ['text/calendar'],
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'private, no-store');
        const body = await familyFeed(ctx, request.params.token);
        return reply.type(CALENDAR_TYPE).send(body);
      },
    );

    api.get(
      '/profile/calendar-feed/',
      {
        config: { access: 'user' },
        schema: {
          tags,
          security: bearerOnly,
          summary: "Whether the signed-in user's family calendar feed is on (its address cannot be shown again)",
          response: { 200: z.object({ active: z.boolean(), created_at: z.string().nullable() }) },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'private, no-store');
        return feedStatus(ctx, currentUser(request).id);
      },
    );

    api.post(
      '/profile/calendar-feed/',
      {
        config: { access: 'user' },
        schema: {
          tags,
          security: bearerOnly,
          summary: "Makes the signed-in user's family calendar feed, revoking any old one; answers its address once",
          response: { 201: z.object({ url: z.string() }) },
        },
      },
      async (request, reply) => {
        const answer = await makeFeed(ctx, currentUser(request).id);
        return reply.status(201).header('cache-control', 'private, no-store').send(answer);
      },
    );

    api.delete(
      '/profile/calendar-feed/',
      {
        config: { access: 'user' },
        schema: { tags, security: bearerOnly, summary: "Turns off the signed-in user's family calendar feed" },
      },
      async (request, reply) => {
        await revokeFeed(ctx, currentUser(request).id);
        return reply.status(204).send();
      },
    );
  };
}
