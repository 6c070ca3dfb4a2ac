import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DATA_RIGHTS_MSG,
  deleteAccountSchema,
  EXPORT_CSV_HEADERS,
  exportLines,
  exportQuerySchema,
} from '../../domain/accounts/data-rights.ts';
import { toCsv } from '../../domain/csv.ts';
import { londonToday } from '../../domain/dates.ts';
import type { AppContext } from '../context.ts';
import { currentUser } from '../plugins/auth.ts';
import { sendCsv } from '../plugins/csv-reply.ts';
import { deleteAccount } from './account-deletion.ts';
import { buildDataExport } from './data-export.ts';
import { REFRESH_COOKIE, refreshCookieOptions, SESSION_HINT_COOKIE, sessionHintCookieOptions } from './sessions.ts';

const tags = ['accounts'];
const bearerOnly = [{ bearer: [] }];

/**
 * Members' data rights (issue 27, docs/decisions/0050): the signed-in user downloads everything
 * held about their account, or deletes it. Both act on the caller only; nothing in the request
 * names an account.
 */
export function dataRightsRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    const api = app.withTypeProvider<ZodTypeProvider>();

    api.get(
      '/profile/export/',
      {
        config: { access: 'user' },
        schema: {
          tags,
          security: bearerOnly,
          summary: 'Everything held about the signed-in account, as JSON or as CSV (section, row, field, value)',
          querystring: exportQuerySchema,
        },
      },
      async (request, reply) => {
        const data = await buildDataExport(ctx, currentUser(request).id);
        const name = `piste-data-${data.account.username}-${londonToday(ctx.now())}`;
        if (request.query.format === 'csv') {
          return sendCsv(reply, `${name}.csv`, toCsv(EXPORT_CSV_HEADERS, exportLines(data)));
        }
        return reply
          .header('cache-control', 'no-store')
          .header('content-disposition', `attachment; filename="${name}.json"`)
          .type('application/json; charset=utf-8')
          .send(JSON.stringify(data, null, 2));
      },
    );

    api.delete(
      '/profile/',
      {
        config: { access: 'user' },
        schema: {
          tags,
          security: bearerOnly,
          summary:
            'Deletes the signed-in account (anonymised; its orders kept six years after their financial year); needs its password',
          body: deleteAccountSchema,
          response: { 200: z.object({ message: z.string() }) },
        },
      },
      async (request, reply) => {
        await deleteAccount(ctx, currentUser(request).id, request.body.password, request.ip);
        reply.clearCookie(REFRESH_COOKIE, refreshCookieOptions(ctx.config));
        reply.clearCookie(SESSION_HINT_COOKIE, sessionHintCookieOptions(ctx.config));
        return { message: DATA_RIGHTS_MSG.deleted };
      },
    );
  };
}
