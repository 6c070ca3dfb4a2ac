import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { dataRightsRoutes } from './accounts/data-rights-routes.ts';
import { accountsRoutes } from './accounts/routes.ts';
import { securityLogRoutes } from './accounts/security-log-routes.ts';
import { totpRoutes } from './accounts/totp-routes.ts';
import { cartRoutes } from './cart/routes.ts';
import type { Config } from './config.ts';
import { contentRoutes } from './content/routes.ts';
import type { AppContext } from './context.ts';
import type { Database } from './db/client.ts';
import type { ChangeListener } from './db/notify.ts';
import { calendarFeedRoutes } from './events/calendar-feed-routes.ts';
import { eventsRoutes } from './events/routes.ts';
import { healthRoutes } from './health/routes.ts';
import { scheduleMailJob } from './mail/job.ts';
import { mailRoutes } from './mail/routes.ts';
import { maintenanceRoutes } from './maintenance/routes.ts';
import { scheduleHealthJob } from './operations/job.ts';
import { createHealthMonitor, type HealthMonitor, registerErrorCounter } from './operations/monitor.ts';
import { operationsRoutes } from './operations/routes.ts';
import { registerWeb } from './pages/routes.ts';
import { cancelRoutes } from './payments/cancel-routes.ts';
import { schedulePaymentJobs } from './payments/jobs.ts';
import { moneyRoutes } from './payments/money-routes.ts';
import { createProviders } from './payments/providers.ts';
import { paymentRoutes } from './payments/routes.ts';
import { bookedParticipantsRoutes } from './people/booked-routes.ts';
import { familyRoutes } from './people/family-routes.ts';
import { peopleRoutes } from './people/routes.ts';
import { usersRoutes } from './people/users-routes.ts';
import { accessHook, registerRouteTable } from './plugins/access.ts';
import { publicReadSampler, registerAccessLog } from './plugins/access-log.ts';
import { registerAuth } from './plugins/auth.ts';
import { pushChanges } from './plugins/change-push.ts';
import {
  frameworkErrorHandler,
  logSerializers,
  type OnDatabaseAborted,
  registerErrorHandler,
} from './plugins/errors.ts';
import { MAX_UPLOAD_BYTES } from './plugins/file-types.ts';
import { createFrontCache, type FrontCache, serverWithFront } from './plugins/front-cache.ts';
import { registerInputGuard } from './plugins/input-guard.ts';
import { createMailer, type Mailer } from './plugins/mail.ts';
import { computeSecurityHeaders, helmetOptions, registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerMedia } from './plugins/storage.ts';
import { resultsRoutes } from './results/routes.ts';
import { startListRoutes } from './start-lists/routes.ts';
import { versionRoutes } from './version/routes.ts';
import { waitingListRoutes } from './waiting-list/routes.ts';

export type App = FastifyInstance;

export interface BuildOptions {
  config: Config;
  database: Database;
  /** Replaces the SMTP/log mailer (tests). */
  mailer?: Mailer;
  /** 'manual': the background jobs (mail, payments, health) are not scheduled; the caller runs them
   * (tests: t.flushMail(), runPaymentJobs, runHealthChecks), so none races a test's reset of the database. */
  jobs?: 'manual';
  /** Replaces the clock (tests). */
  now?: () => Date;
  /** Where the log goes instead of standard output (tests read it). */
  logStream?: { write(line: string): void };
  /** The embedded database stopped for good (WebAssembly's abort): what the process does. The
   * server (start.ts) stops with exit code 1 so that systemd or Docker starts it afresh; by
   * default (tests) it is only logged. */
  onDatabaseAborted?: OnDatabaseAborted;
  /** Test-only: switches the capacity guard off, for the canary that proves the overselling test
   * can see a race. Never read from the environment. */
  unsafeNoPlaceGuard?: true;
}

export const API_PREFIX = '/api/v1';

/** Builds the whole application without listening: plugins, the error handler, every area's
 * routes under /api/v1, the OpenAPI docs at /api/docs and the built web app. */
export async function buildApp(options: BuildOptions): Promise<App> {
  const { config, database } = options;
  const securityHeaders = await computeSecurityHeaders(helmetOptions(config));
  // cached public reads are answered before Fastify once the app is built (plugins/front-cache.ts)
  let front: FrontCache | undefined;
  const app = Fastify({
    serverFactory: serverWithFront(() => front),
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
            // a failed query's parameters never reach the log, whoever logs the error
            serializers: logSerializers,
            ...(options.logStream ? { stream: options.logStream } : {}),
          },
    // one access line per answer instead of Fastify's two (plugins/access-log.ts)
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    frameworkErrors: frameworkErrorHandler(securityHeaders),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const ctx: AppContext = {
    config,
    db: database.db,
    databaseKind: database.kind,
    mailer:
      options.mailer ??
      createMailer({
        smtpUrl: config.smtpUrl,
        from: config.mailFrom,
        log: app.log,
        production: config.isProduction,
      }),
    now: options.now ?? (() => new Date()),
    payments: await createProviders(config.payments, database.db),
    placeGuard: options.unsafeNoPlaceGuard !== true,
  };
  app.decorate('ctx', ctx);
  const health = createHealthMonitor();
  app.decorate('health', health);

  registerRouteTable(app);
  const sampler = publicReadSampler(config.accessLogSample);
  registerAccessLog(app, sampler);
  registerErrorCounter(app, health, ctx.now);
  let aborted = false;
  registerErrorHandler(app, (error) => {
    if (aborted) return;
    aborted = true;
    app.log.fatal({ err: error }, 'the embedded database stopped: it answers nothing until the server starts again');
    options.onDatabaseAborted?.(error);
  });
  registerSecurityHeaders(app, securityHeaders);
  // cookies are read only where they matter (the refresh token), not parsed on every request
  await app.register(cookie, { hook: false });
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES } });

  await app.register(swagger, {
    openapi: {
      info: { title: `${config.association.code} API`, version: '1' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  registerAuth(app, ctx);
  app.addHook('onRequest', accessHook(ctx));
  registerInputGuard(app);

  await app.register(
    async (api) => {
      await api.register(versionRoutes(ctx));
      await api.register(healthRoutes(ctx));
      await api.register(accountsRoutes(ctx));
      await api.register(totpRoutes(ctx));
      await api.register(securityLogRoutes(ctx));
      await api.register(maintenanceRoutes(ctx));
      await api.register(eventsRoutes(ctx));
      await api.register(calendarFeedRoutes(ctx));
      await api.register(dataRightsRoutes(ctx));
      await api.register(cancelRoutes(ctx));
      await api.register(contentRoutes(ctx));
      await api.register(peopleRoutes(ctx));
      await api.register(familyRoutes(ctx));
      await api.register(bookedParticipantsRoutes(ctx));
      await api.register(usersRoutes(ctx));
      await api.register(cartRoutes(ctx));
      await api.register(paymentRoutes(ctx));
      await api.register(moneyRoutes(ctx));
      await api.register(resultsRoutes(ctx));
      await api.register(startListRoutes(ctx));
      await api.register(waitingListRoutes(ctx));
      await api.register(mailRoutes(ctx));
      await api.register(operationsRoutes(ctx));
    },
    { prefix: API_PREFIX },
  );

  registerMedia(app, ctx);
  await registerWeb(app, ctx);
  const frontCache = createFrontCache(ctx, { log: app.log, sampler });
  app.decorate('front', frontCache);
  let stopJobs = async () => {};
  let stopMail = async () => {};
  // an instance configured with DATABASE_URL hears the others' changes at once (tests build apps
  // on their database without it, and poll)
  const listener =
    database.kind === 'postgres' && config.databaseUrl ? pushChanges(ctx, config.databaseUrl, app.log) : null;
  app.decorate('changes', listener);
  let stopHealth = async () => {};
  app.addHook('onReady', (done) => {
    front = frontCache;
    // runs once at once, without delaying listen: holds that lapsed while the process was down
    // go back now (docs/decisions/0028)
    if (options.jobs !== 'manual') {
      stopJobs = schedulePaymentJobs(ctx, app.log).stop;
      stopMail = scheduleMailJob(ctx, app.log);
      stopHealth = scheduleHealthJob(ctx, health, app.log);
    }
    done();
  });
  app.addHook('preClose', async () => {
    frontCache.close();
    await listener?.close();
  });
  // after the listening socket closed and the requests in flight ended (Fastify's own onClose
  // runs first): the jobs finish their current run, then the database closes
  app.addHook('onClose', async () => {
    await stopJobs();
    await stopMail();
    await stopHealth();
    await database.close();
  });
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    /** The front path for cached public reads (plugins/front-cache.ts). */
    front: FrontCache;
    /** The connection hearing other instances' changes (db/notify.ts), on PostgreSQL with DATABASE_URL. */
    changes: ChangeListener | null;
    /** What this instance watches for the site's health (operations/monitor.ts). */
    health: HealthMonitor;
  }
}
