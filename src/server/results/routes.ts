import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { howPointsWork, isPointsClub, RESULTS_MSG } from '../../domain/results/index.ts';
import type { AppContext } from '../context.ts';
import { AppError } from '../errors.ts';
import { currentUser } from '../plugins/auth.ts';
import { IdParams } from '../plugins/params.ts';
import { sendCached } from '../plugins/public-cache.ts';
import {
  categoryResults,
  loadSeason,
  overallStandings,
  pointsSettingsFor,
  raceClubPoints,
  seasonCategoryTotals,
  seasonClubPoints,
  seasonGroupTotals,
} from './season.ts';
import {
  createRaceEvent,
  deleteClubData,
  listRaceEvents,
  raceEventYear,
  readRaceEvent,
  saveSettings,
  uploadResults,
} from './service.ts';
import {
  ClubDataParams,
  ClubPointsSchema,
  ClubQuery,
  CreateRaceEventBody,
  RaceEventSchema,
  RaceRowSchema,
  SeasonQuery,
  SeasonTotalsAnswer,
  SettingsBody,
  SettingsSchema,
  UploadBody,
  YearParams,
  YearQuery,
} from './shape.ts';

const tags = ['results'];
const bearerOnly = [{ bearer: [] }];
const Message = z.object({ message: z.string() });

function clubOf(slopeId: string): string {
  if (!isPointsClub(slopeId)) throw AppError.validation({ slope_id: [RESULTS_MSG.clubNotFound] });
  return slopeId;
}

/** The reads both sides share: the admin paths answer them fresh, the public ones from the cache. */
const reads = {
  categories: async (ctx: AppContext, id: number, club: string) =>
    categoryResults(await loadSeason(ctx, await raceEventYear(ctx, id)), clubOf(club)),
  overall: async (ctx: AppContext, id: number, club: string) =>
    overallStandings(await loadSeason(ctx, await raceEventYear(ctx, id)), clubOf(club)),
  clubs: async (ctx: AppContext, id: number, club: string) =>
    raceClubPoints(await loadSeason(ctx, await raceEventYear(ctx, id)), clubOf(club)),
  season: async (ctx: AppContext, year: number, query: z.infer<typeof SeasonQuery>) => {
    const season = await loadSeason(ctx, year);
    if (query.club_points === 'true') return seasonClubPoints(season);
    if (query.group) return seasonGroupTotals(season, query.group);
    return seasonCategoryTotals(season);
  },
  settings: async (ctx: AppContext, year: number) => {
    const s = await pointsSettingsFor(ctx.db, year);
    return { year, points_table: s.pointsTable, counting_races: s.countingRaces, how_points_work: howPointsWork(s) };
  },
};

/**
 * Results and points (doc 3 §7): the administrators' calls (reads need an administrator, writes a
 * super administrator: decisions.md) and the public's, which need no sign-in and are cached like
 * every public read (dropped after each write).
 */
export function resultsRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    const admin = { config: { access: 'admin' as const } };
    const superOnly = { config: { access: 'super' as const } };
    const pub = { config: { access: 'public' as const } };
    // a club's tables are asked for as ?slope_id=HEM: the front path may learn that one spelling
    const pubByClub = { config: { access: 'public' as const, frontQuery: true as const } };
    const cached = (request: FastifyRequest, reply: FastifyReply, key: string, load: () => Promise<unknown>) =>
      sendCached(ctx, request, reply, key, load);

    api.get(
      '/race-events/',
      {
        ...admin,
        schema: {
          tags,
          security: bearerOnly,
          summary: 'Race events, newest year first',
          querystring: YearQuery,
          response: { 200: z.array(RaceEventSchema) },
        },
      },
      async (request) => listRaceEvents(ctx, request.query.year),
    );
    api.post(
      '/race-events/create/',
      {
        ...superOnly,
        schema: {
          tags,
          security: bearerOnly,
          summary: "A season's race event ('Club Race {year}', draft)",
          body: CreateRaceEventBody,
          response: { 201: RaceEventSchema },
        },
      },
      async (request, reply) => reply.code(201).send(await createRaceEvent(ctx, request.body)),
    );
    api.get(
      '/race-events/:id/',
      {
        ...admin,
        schema: {
          tags,
          security: bearerOnly,
          summary: 'A race event with its club results',
          params: IdParams,
          response: { 200: RaceEventSchema },
        },
      },
      async (request) => readRaceEvent(ctx, request.params.id),
    );
    api.get(
      '/race-events/:id/category-results/',
      {
        ...admin,
        schema: {
          tags,
          security: bearerOnly,
          summary: "A club race's category results",
          params: IdParams,
          querystring: ClubQuery,
          response: { 200: z.record(z.string(), z.array(RaceRowSchema)) },
        },
      },
      async (request) => reads.categories(ctx, request.params.id, request.query.slope_id),
    );
    api.get(
      '/race-events/:id/overall-standings/',
      {
        ...admin,
        schema: {
          tags,
          security: bearerOnly,
          summary: "A club race's overall standings in the four groups",
          params: IdParams,
          querystring: ClubQuery,
          response: { 200: z.record(z.string(), z.array(RaceRowSchema)) },
        },
      },
      async (request) => reads.overall(ctx, request.params.id, request.query.slope_id),
    );
    api.get(
      '/race-events/:id/club-points/',
      {
        ...admin,
        schema: {
          tags,
          security: bearerOnly,
          summary: "A club race's club points",
          params: IdParams,
          querystring: ClubQuery,
          response: { 200: z.array(ClubPointsSchema) },
        },
      },
      async (request) => reads.clubs(ctx, request.params.id, request.query.slope_id),
    );
    api.post(
      '/race-events/:id/upload-results/',
      {
        ...superOnly,
        schema: {
          tags,
          security: bearerOnly,
          summary: "A club's results for the race event: replaces the club's earlier ones and calculates the points",
          params: IdParams,
          body: UploadBody,
          response: { 200: Message.extend({ rows: z.number().int() }) },
        },
      },
      async (request) =>
        uploadResults(ctx, currentUser(request).id, request.params.id, {
          clubId: request.body.club_id.toUpperCase(),
          clubName: request.body.club_name,
          year: request.body.year,
          threeRuns: request.body.three_runs,
          results: request.body.results,
        }),
    );
    api.delete(
      '/race-events/:id/club-data/:clubId/',
      {
        ...superOnly,
        schema: {
          tags,
          security: bearerOnly,
          summary: "Deletes a club's results for the race event",
          params: ClubDataParams,
          response: { 200: Message },
        },
      },
      async (request) => deleteClubData(ctx, request.params.id, request.params.clubId),
    );
    api.get(
      '/season-totals/:year/',
      {
        ...admin,
        schema: {
          tags,
          security: bearerOnly,
          summary: 'Season totals: by category, one overall group (group=…), or club points (club_points=true)',
          params: YearParams,
          querystring: SeasonQuery,
          response: { 200: SeasonTotalsAnswer },
        },
      },
      async (request) => reads.season(ctx, request.params.year, request.query),
    );
    api.get(
      '/season-settings/:year/',
      {
        ...admin,
        schema: {
          tags,
          security: bearerOnly,
          summary: "The season's points settings",
          params: YearParams,
          response: { 200: SettingsSchema },
        },
      },
      async (request) => reads.settings(ctx, request.params.year),
    );
    api.put(
      '/season-settings/:year/',
      {
        ...superOnly,
        schema: {
          tags,
          security: bearerOnly,
          summary: "Sets the season's points table and counting races (the season recalculates)",
          params: YearParams,
          body: SettingsBody,
          response: { 200: SettingsSchema.extend({ message: z.string() }) },
        },
      },
      async (request) => {
        const saved = await saveSettings(ctx, currentUser(request).id, request.params.year, {
          pointsTable: request.body.points_table,
          countingRaces: request.body.counting_races,
        });
        return { ...(await reads.settings(ctx, request.params.year)), message: saved.message };
      },
    );

    // the public's reads
    api.get(
      '/public/race-events/',
      {
        ...pub,
        schema: {
          tags,
          summary: 'Race events with calculated results, newest year first',
          querystring: YearQuery,
          response: { 200: z.array(RaceEventSchema) },
        },
      },
      async (request, reply) =>
        cached(request, reply, `results:events:${request.query.year ?? 'all'}`, () =>
          listRaceEvents(ctx, request.query.year, true),
        ),
    );
    api.get(
      '/public/race-events/:id/',
      {
        ...pub,
        schema: {
          tags,
          summary: 'A race event with its club results',
          params: IdParams,
          response: { 200: RaceEventSchema },
        },
      },
      async (request, reply) =>
        cached(request, reply, `results:event:${request.params.id}`, () => readRaceEvent(ctx, request.params.id)),
    );
    api.get(
      '/public/race-events/:id/category-results/',
      {
        ...pubByClub,
        schema: {
          tags,
          summary: "A club race's category results",
          params: IdParams,
          querystring: ClubQuery,
          response: { 200: z.record(z.string(), z.array(RaceRowSchema)) },
        },
      },
      async (request, reply) =>
        cached(request, reply, `results:categories:${request.params.id}:${request.query.slope_id}`, () =>
          reads.categories(ctx, request.params.id, request.query.slope_id),
        ),
    );
    api.get(
      '/public/race-events/:id/overall-standings/',
      {
        ...pubByClub,
        schema: {
          tags,
          summary: "A club race's overall standings",
          params: IdParams,
          querystring: ClubQuery,
          response: { 200: z.record(z.string(), z.array(RaceRowSchema)) },
        },
      },
      async (request, reply) =>
        cached(request, reply, `results:overall:${request.params.id}:${request.query.slope_id}`, () =>
          reads.overall(ctx, request.params.id, request.query.slope_id),
        ),
    );
    api.get(
      '/public/race-events/:id/club-points/',
      {
        ...pubByClub,
        schema: {
          tags,
          summary: "A club race's club points",
          params: IdParams,
          querystring: ClubQuery,
          response: { 200: z.array(ClubPointsSchema) },
        },
      },
      async (request, reply) =>
        cached(request, reply, `results:clubs:${request.params.id}:${request.query.slope_id}`, () =>
          reads.clubs(ctx, request.params.id, request.query.slope_id),
        ),
    );
    api.get(
      '/public/season-totals/:year/',
      {
        ...pub,
        schema: {
          tags,
          summary: 'Season totals: by category, one overall group (group=…), or club points (club_points=true)',
          params: YearParams,
          querystring: SeasonQuery,
          response: { 200: SeasonTotalsAnswer },
        },
      },
      async (request, reply) =>
        cached(
          request,
          reply,
          `results:season:${request.params.year}:${request.query.group ?? ''}:${request.query.club_points ?? ''}`,
          () => reads.season(ctx, request.params.year, request.query),
        ),
    );
    api.get(
      '/public/season-settings/:year/',
      {
        ...pub,
        schema: {
          tags,
          summary: "The season's points settings and 'How points work'",
          params: YearParams,
          response: { 200: SettingsSchema },
        },
      },
      async (request, reply) =>
        cached(request, reply, `results:settings:${request.params.year}`, () =>
          reads.settings(ctx, request.params.year),
        ),
    );
  };
}
