import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { csvFileName, toCsv } from '../../domain/csv.ts';
import { POINTS_CLUB_CODES, RESULT_LIMITS } from '../../domain/results/index.ts';
import { ALLOCATION_ORDERS, HIGHEST_BIB } from '../../domain/start-lists/allocate.ts';
import { START_LIST_COLUMNS, startListCells } from '../../domain/start-lists/race-horology.ts';
import { RESERVED_LIMITS } from '../../domain/start-lists/reserved.ts';
import { textField } from '../../domain/text.ts';
import type { AppContext } from '../context.ts';
import { AppError } from '../errors.ts';
import { sendCsv } from '../plugins/csv-reply.ts';
import { IdParams } from '../plugins/params.ts';
import { allocate, linkRace, listStartLists, readStartList } from './service.ts';
import { matchTimingFile } from './timing-import.ts';

const tags = ['start-lists'];
const bearerOnly = [{ bearer: [] }];

const LinkShape = z.object({
  results_year: z.number().int(),
  results_club: z.string(),
  first_bib: z.number().int(),
  reserved: z.string(),
  allocation_order: z.enum(ALLOCATION_ORDERS),
});
const Entry = z.object({
  user_id: z.number().int(),
  bib: z.number().int().nullable(),
  racer_id: z.number().int().nullable(),
  first_name: z.string(),
  last_name: z.string(),
  gender: z.enum(['Men', 'Women']).nullable(),
  birth_year: z.number().int().nullable(),
  club: z.string(),
  category: z.string().nullable(),
  group: z.string().nullable(),
});
const YEAR_MSG = 'results_year must be a year from 2000 to 2100.';
const LinkBody = z.strictObject({
  results_year: z.number({ message: YEAR_MSG }).int(YEAR_MSG).min(2000, YEAR_MSG).max(2100, YEAR_MSG),
  results_club: z.enum(POINTS_CLUB_CODES, { message: `results_club must be one of ${POINTS_CLUB_CODES.join(', ')}.` }),
});
const BIB_MSG = `first_bib must be a whole number from 1 to ${HIGHEST_BIB}.`;
const AllocateBody = z.strictObject({
  order: z.enum(ALLOCATION_ORDERS, { message: 'order must be category or seeded.' }),
  first_bib: z.number({ message: BIB_MSG }).int(BIB_MSG).min(1, BIB_MSG).max(HIGHEST_BIB, BIB_MSG).default(1),
  reserved: textField({ label: 'Reserved numbers', max: RESERVED_LIMITS.text, multiline: true }).default(''),
  only_new: z.boolean().default(false),
  draw_seed: z
    .number()
    .int()
    .min(0)
    .max(2 ** 31 - 1)
    .optional(),
});
const cell = (label: string, max: number) => textField({ label, max }).default('');
const TimingRowBody = z.strictObject({
  line: z.number().int().min(1).max(1_000_000),
  bib: cell('Bib', 20),
  racer_id: cell('Racer ID', RESULT_LIMITS.racerId),
  name: cell('Name', RESULT_LIMITS.name),
  run_1: cell('Run 1', RESULT_LIMITS.run),
  run_2: cell('Run 2', RESULT_LIMITS.run),
  run_3: cell('Run 3', RESULT_LIMITS.run),
  total: cell('Total', RESULT_LIMITS.run),
  original: cell('Original status', 100),
});
const MatchBody = z.strictObject({
  club_id: z.enum(POINTS_CLUB_CODES, { message: 'club_id must be a points club.' }),
  three_runs: z.boolean(),
  rows: z.array(TimingRowBody).min(1, 'No valid data found in file').max(RESULT_LIMITS.rows),
});
const MatchedRow = z.object({
  racer_id: z.string(),
  name: z.string(),
  club: z.string(),
  gender: z.string(),
  cat: z.string(),
  time: z.string(),
  run_1: z.string(),
  run_2: z.string(),
  run_3: z.string(),
  manual_time: z.boolean(),
  line: z.number().int().nullable(),
  original: z.string(),
});

/** Start lists and bibs (issue 27, docs/decisions/0048, 0049): administrators link race events
 * and allocate bibs; reading a timing file's rows against them is the Points panel's, for super
 * administrators. */
export function startListRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    const admin = { config: { access: 'admin' as const } };
    const superOnly = { config: { access: 'super' as const } };

    api.get(
      '/start-lists/',
      {
        ...admin,
        schema: {
          tags,
          security: bearerOnly,
          summary: 'Race events, newest first, with their club-race links and how many bibs are given',
          response: {
            200: z.array(
              z.object({
                id: z.number().int(),
                name: z.string(),
                date: z.string(),
                link: LinkShape.nullable(),
                entrants: z.number().int(),
                bibs: z.number().int(),
              }),
            ),
          },
        },
      },
      async () => listStartLists(ctx),
    );

    api.get(
      '/start-lists/:id/',
      {
        ...admin,
        schema: {
          tags,
          security: bearerOnly,
          summary: 'A race event’s start list: entrants with racer numbers by bib, and those needing a number',
          params: IdParams,
          response: {
            200: z.object({
              event: z.object({ id: z.number().int(), name: z.string(), date: z.string(), event_type: z.string() }),
              link: LinkShape.nullable(),
              entries: z.array(Entry),
              needing_number: z.array(Entry),
            }),
          },
        },
      },
      async (request) => readStartList(ctx, request.params.id),
    );

    api.put(
      '/start-lists/:id/link/',
      {
        ...admin,
        schema: {
          tags,
          security: bearerOnly,
          summary: 'Link a race event to its club race (results year and points club)',
          params: IdParams,
          body: LinkBody,
          response: { 200: LinkShape },
        },
      },
      async (request) => {
        if (!request.authUser) throw AppError.unauthenticated();
        return linkRace(ctx, request.authUser.id, request.params.id, request.body);
      },
    );

    api.post(
      '/start-lists/:id/allocate/',
      {
        ...admin,
        schema: {
          tags,
          security: bearerOnly,
          summary: 'Allocate bibs (all afresh, or new entrants only), skipping reserved numbers',
          params: IdParams,
          body: AllocateBody,
          response: { 200: z.object({ message: z.string(), allocated: z.number().int() }) },
        },
      },
      async (request) => allocate(ctx, request.params.id, request.body),
    );

    api.get(
      '/start-lists/:id/start-list.csv',
      {
        ...admin,
        schema: {
          tags,
          security: bearerOnly,
          summary: 'The start list as CSV with Race Horology’s import column names',
          params: IdParams,
        },
      },
      async (request, reply) => {
        const list = await readStartList(ctx, request.params.id);
        const csv = toCsv(
          START_LIST_COLUMNS,
          list.entries.map((e) =>
            startListCells({
              bib: e.bib,
              racerNumber: e.racer_id,
              firstName: e.first_name,
              lastName: e.last_name,
              gender: e.gender,
              birthYear: e.birth_year,
              club: e.club,
              category: e.category,
            }),
          ),
        );
        // a byte-order mark: Race Horology's CSV reader takes a file without one as Windows-1252
        return sendCsv(reply, csvFileName(`${list.event.name} start list`, 'start-list'), `\uFEFF${csv}`);
      },
    );

    api.post(
      '/race-events/:id/timing-rows/',
      {
        ...superOnly,
        schema: {
          tags,
          security: bearerOnly,
          summary:
            'Match a timing file’s rows (read through a column mapping) to racers by bib and racer number; nothing is kept',
          params: IdParams,
          body: MatchBody,
          response: {
            200: z.object({
              rows: z.array(MatchedRow),
              unmatched: z.array(z.object({ line: z.number().int(), reason: z.string(), row: MatchedRow })),
              linked_event: z.object({ id: z.number().int(), name: z.string() }).nullable(),
            }),
          },
        },
      },
      async (request) => matchTimingFile(ctx, request.params.id, request.body),
    );
  };
}
