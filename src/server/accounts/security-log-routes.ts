import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SECURITY_EVENT_KINDS } from '../../domain/accounts/security-log.ts';
import { SIGN_IN_USERNAME_MAX } from '../../domain/accounts/text-rules.ts';
import { textField } from '../../domain/text.ts';
import type { AppContext } from '../context.ts';
import { Page } from '../people/query.ts';
import { listSecurityEvents } from './security-log.ts';

const tags = ['accounts'];
const security = [{ bearer: [] }];

export const KIND_MESSAGE = `The kind must be one of ${SECURITY_EVENT_KINDS.join(', ')}.`;

const SecurityLogQuery = z.object({
  page: Page,
  username: textField({ label: 'Username', max: SIGN_IN_USERNAME_MAX }).optional(),
  kind: z.enum(SECURITY_EVENT_KINDS, { message: KIND_MESSAGE }).optional(),
});

const SecurityLogRowSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  username: z.string(),
  user_id: z.number().int().nullable(),
  kind: z.string(),
  kind_label: z.string(),
  ip: z.string().nullable(),
  detail: z.string().nullable(),
});

/** The security log in the back office (issue 37, docs/decisions/0063-security-log.md): super
 * administrators only. */
export function securityLogRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    api.get(
      '/admin/security-log/',
      {
        config: { access: 'super' },
        schema: {
          tags,
          security,
          summary: 'A page of 50 account-security events, newest first, by username (exact) and kind',
          querystring: SecurityLogQuery,
          response: { 200: z.object({ count: z.number().int(), results: z.array(SecurityLogRowSchema) }) },
        },
      },
      async (request) =>
        listSecurityEvents(ctx, {
          page: request.query.page,
          username: request.query.username || undefined,
          kind: request.query.kind,
        }),
    );
  };
}
