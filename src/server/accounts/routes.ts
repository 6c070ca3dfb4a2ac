import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ACCOUNT_TEXT,
  changePasswordSchema,
  loginSchema,
  profileUpdateSchema,
  registrationPayloadSchema,
  resetConfirmSchema,
  resetRequestSchema,
} from '../../domain/accounts/index.ts';
import { totpLoginSchema } from '../../domain/accounts/totp.ts';
import { ProfileResponseSchema } from '../../domain/people/profile.ts';
import { isAdmin } from '../../domain/roles.ts';
import { textField } from '../../domain/text.ts';
import type { AppContext } from '../context.ts';
import { limitPerAddress } from '../plugins/address-limits.ts';
import { currentUser } from '../plugins/auth.ts';
import { checkPasswordResetLink, confirmPasswordReset, requestPasswordReset } from './password-reset.ts';
import { assertNoReadOnlyFields, loadProfile, updateProfile } from './profile.ts';
import { changePassword, login, register } from './service.ts';
import {
  cookieMaxAge,
  endSession,
  type IssuedSession,
  REFRESH_COOKIE,
  refreshCookieOptions,
  refreshSession,
  SESSION_HINT_COOKIE,
  sessionHintCookieOptions,
} from './sessions.ts';
import { loginWithCode } from './totp-login.ts';

const Access = z.object({ access: z.string().describe('Short-lived JWT; the refresh token is only in the cookie.') });
const Message = z.object({ message: z.string() });
/** A reset link's two parts, as the confirm takes them. */
const ResetLinkParams = resetConfirmSchema.pick({ uidb64: true, token: true });
/** The right password of an account with an authenticator: the code comes next (POST /login/totp/). */
const TotpChallenge = z.object({
  totp_required: z.literal(true),
  challenge: z.string().describe('Signed, single use, valid 5 minutes: send it with the code to /login/totp/.'),
});
/** The refresh token comes in the cookie; a body field is accepted for clients without cookies. */
const RefreshBody = z.strictObject({ refresh: textField(ACCOUNT_TEXT.refreshToken).optional() }).nullish();

const tags = ['accounts'];
const bearerOnly = [{ bearer: [] }];

/** A call made with an administrator's token (Create User in the back office). */
/** An administrator's registration (not limited per address); not a super administrator's session
 * that must set up its authenticator first, which can do nothing else (docs/decisions/0062). */
const isAdminCall = (request: FastifyRequest) =>
  request.authUser !== null && isAdmin(request.authUser) && !request.authUser.second_factor_missing;

export function accountsRoutes(ctx: AppContext): FastifyPluginAsync {
  const setRefreshCookie = (reply: FastifyReply, session: IssuedSession) => {
    const maxAge = cookieMaxAge(ctx, session.expiresAt);
    reply.setCookie(REFRESH_COOKIE, session.refresh, refreshCookieOptions(ctx.config, maxAge));
    reply.setCookie(SESSION_HINT_COOKIE, '1', sessionHintCookieOptions(ctx.config, maxAge));
  };
  const clearRefreshCookie = (reply: FastifyReply) => {
    reply.clearCookie(REFRESH_COOKIE, refreshCookieOptions(ctx.config));
    reply.clearCookie(SESSION_HINT_COOKIE, sessionHintCookieOptions(ctx.config));
  };
  const presentedToken = (request: FastifyRequest, body: z.infer<typeof RefreshBody>) =>
    request.server.parseCookie(request.headers.cookie ?? '')[REFRESH_COOKIE] || body?.refresh || undefined;

  return async (app) => {
    const api = app.withTypeProvider<ZodTypeProvider>();

    api.post(
      '/register/',
      {
        config: { access: 'public' },
        // an administrator's Create User (doc 2 §7 posts here) is not a sign-up: no limit
        onRequest: limitPerAddress(ctx, { bucket: 'register', perMinute: 20, skip: isAdminCall }),
        schema: { tags, body: registrationPayloadSchema, response: { 201: ProfileResponseSchema } },
      },
      async (request, reply) => reply.status(201).send(await register(ctx, request.body)),
    );

    const openInMaintenance = { access: 'public', maintenance: 'open' } as const;

    api.post(
      '/login/',
      {
        config: openInMaintenance,
        schema: { tags, body: loginSchema, response: { 200: z.union([Access, TotpChallenge]) } },
      },
      async (request, reply) => {
        const outcome = await login(ctx, request.body, request.ip);
        if (outcome.challenge !== undefined) return { totp_required: true as const, challenge: outcome.challenge };
        setRefreshCookie(reply, outcome.session);
        return { access: outcome.session.access };
      },
    );

    api.post(
      '/login/totp/',
      { config: openInMaintenance, schema: { tags, body: totpLoginSchema, response: { 200: Access } } },
      async (request, reply) => {
        const session = await loginWithCode(ctx, request.body, request.ip);
        setRefreshCookie(reply, session);
        return { access: session.access };
      },
    );

    api.post(
      '/token/refresh/',
      { config: openInMaintenance, schema: { tags, body: RefreshBody, response: { 200: Access } } },
      async (request, reply) => {
        try {
          const session = await refreshSession(ctx, presentedToken(request, request.body));
          setRefreshCookie(reply, session);
          return { access: session.access };
        } catch (error) {
          clearRefreshCookie(reply);
          throw error;
        }
      },
    );

    api.post(
      '/logout/',
      { config: openInMaintenance, schema: { tags, body: RefreshBody, response: { 200: Message } } },
      async (request, reply) => {
        await endSession(ctx, presentedToken(request, request.body));
        clearRefreshCookie(reply);
        return { message: 'Logged out' };
      },
    );

    api.get(
      '/profile/',
      { config: { access: 'user' }, schema: { tags, security: bearerOnly, response: { 200: ProfileResponseSchema } } },
      async (request) => loadProfile(ctx.db, currentUser(request).id),
    );

    api.put(
      '/profile/',
      {
        config: { access: 'user' },
        preValidation: async (request) => assertNoReadOnlyFields(request.body),
        schema: { tags, security: bearerOnly, body: profileUpdateSchema, response: { 200: ProfileResponseSchema } },
      },
      async (request) => updateProfile(ctx, currentUser(request).id, request.body),
    );

    api.post(
      '/change-password/',
      {
        config: { access: 'user' },
        schema: {
          tags,
          security: bearerOnly,
          body: changePasswordSchema,
          response: { 200: z.object({ success: z.literal(true), message: z.string() }) },
        },
      },
      async (request, reply) => {
        const result = await changePassword(ctx, currentUser(request).id, request.body, request.ip);
        clearRefreshCookie(reply);
        return result;
      },
    );

    api.post(
      '/password-reset-request/',
      {
        config: { access: 'public' },
        onRequest: limitPerAddress(ctx, { bucket: 'password-reset', perMinute: 5 }),
        schema: { tags, body: resetRequestSchema, response: { 200: Message } },
      },
      async (request) => requestPasswordReset(ctx, request.body, request.log),
    );

    api.get(
      '/password-reset-check/:uidb64/:token/',
      {
        config: { access: 'public' },
        onRequest: limitPerAddress(ctx, { bucket: 'password-reset-check', perMinute: 10 }),
        schema: {
          tags,
          summary: 'Whether a reset link is still good (read only: the link stays usable)',
          params: ResetLinkParams,
          response: { 200: z.object({ valid: z.literal(true) }) },
        },
      },
      async (request) => checkPasswordResetLink(ctx, request.params),
    );

    api.post(
      '/password-reset-confirm/',
      { config: { access: 'public' }, schema: { tags, body: resetConfirmSchema, response: { 200: Message } } },
      async (request) => confirmPasswordReset(ctx, request.body, request.ip),
    );
  };
}
