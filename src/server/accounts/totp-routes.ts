import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { totpConfirmSchema, totpPasswordSchema } from '../../domain/accounts/totp.ts';
import type { AppContext } from '../context.ts';
import { currentUser } from '../plugins/auth.ts';
import { requestSessionId } from './sessions.ts';
import { confirmTotp, newRecoveryCodes, startTotpSetup, type TotpRequester, totpStatus, turnOffTotp } from './totp.ts';

const tags = ['accounts'];
const security = [{ bearer: [] }];
const RecoveryCodes = z.object({
  recovery_codes: z.array(z.string()).describe('Shown this once: the server keeps only their hashes.'),
});

/**
 * My Profile → Security (issue 27, docs/decisions/0047): an administrator's authenticator.
 */
export function totpRoutes(ctx: AppContext): FastifyPluginAsync {
  const requester = async (request: FastifyRequest): Promise<TotpRequester> => ({
    userId: currentUser(request).id,
    sessionId: await requestSessionId(ctx, request),
    ip: request.ip,
  });
  return async (app) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    // administrators only (the gate answers anyone else 403); turning one's own off is open to any
    // signed-in account (an administrator since demoted)
    const config = { access: 'admin' } as const;

    api.get(
      '/profile/totp/',
      {
        config,
        schema: {
          tags,
          security,
          summary: "The signed-in administrator's authenticator: on or off, recovery codes left, required or not",
          response: {
            200: z.object({ enabled: z.boolean(), recovery_codes_left: z.number(), required: z.boolean() }),
          },
        },
      },
      async (request) => totpStatus(ctx, currentUser(request).id),
    );

    api.post(
      '/profile/totp/setup/',
      {
        config,
        schema: {
          tags,
          security,
          summary:
            'A new authenticator secret, unconfirmed until a code from it is confirmed (needs the password, counted in the sign-in limits)',
          body: totpPasswordSchema,
          response: { 200: z.object({ secret: z.string(), otpauth_url: z.string() }) },
        },
      },
      async (request) => startTotpSetup(ctx, await requester(request), request.body.password),
    );

    api.post(
      '/profile/totp/confirm/',
      {
        config,
        schema: {
          tags,
          security,
          summary:
            "The first code from the app turns the authenticator on; answers ten recovery codes. The account's other sessions end and its owner is e-mailed",
          body: totpConfirmSchema,
          response: { 200: RecoveryCodes },
        },
      },
      async (request) => confirmTotp(ctx, await requester(request), request.body.code),
    );

    api.delete(
      '/profile/totp/',
      {
        config: { access: 'user' },
        schema: {
          tags,
          security,
          summary: 'Turns the authenticator off (needs the password; refused while the association requires one)',
          body: totpPasswordSchema,
          response: { 200: z.object({ message: z.string() }) },
        },
      },
      async (request) => turnOffTotp(ctx, await requester(request), request.body.password),
    );

    api.post(
      '/profile/totp/recovery-codes/',
      {
        config,
        schema: {
          tags,
          security,
          summary: 'Ten new recovery codes; the old ones stop working (needs the password)',
          body: totpPasswordSchema,
          response: { 200: RecoveryCodes },
        },
      },
      async (request) => newRecoveryCodes(ctx, await requester(request), request.body.password),
    );
  };
}
