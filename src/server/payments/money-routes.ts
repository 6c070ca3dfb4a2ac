import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MoneyByRaceSchema, MoneyQuerySchema } from '../../domain/payments/money-records.ts';
import type { AppContext } from '../context.ts';
import { sendCsv } from '../plugins/csv-reply.ts';
import { moneyByRace, moneyByRaceCsv } from './money-by-race.ts';

const tags = ['payments'];
const bearerOnly = [{ bearer: [] }];

/** Orders & Payments → Money by race (issue 35, the treasurer's view): administrators only. */
export function moneyRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    const admin = { config: { access: 'admin' as const } };

    api.get(
      '/admin/payments/money-by-race/',
      {
        ...admin,
        schema: {
          tags,
          security: bearerOnly,
          summary:
            'Money by race for a season (?season=2026, the current one by default) or dates (?from=&to=): entries paid, taken, refunded by cause and by hand, fees kept, still owed, on its way, net; by provider and in total',
          querystring: MoneyQuerySchema,
          response: { 200: MoneyByRaceSchema },
        },
      },
      async (request) => moneyByRace(ctx, request.query),
    );

    api.get(
      '/admin/payments/money-by-race/export-csv/',
      {
        ...admin,
        schema: {
          tags,
          security: bearerOnly,
          summary:
            "The treasurer's CSV of Money by race: a row per race and provider, then the total; it adds up to payments.csv for the same payments",
          querystring: MoneyQuerySchema,
        },
      },
      async (request, reply) => {
        const { name, csv } = await moneyByRaceCsv(ctx, request.query);
        return sendCsv(reply, name, csv);
      },
    );
  };
}
