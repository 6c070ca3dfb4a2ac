import { join } from 'node:path';
import { checkTotpSecrets } from './accounts/totp-secrets.ts';
import { type App, buildApp } from './app.ts';
import { listenForLocalCommands } from './backup/local-command.ts';
import { type Config, loadConfig } from './config.ts';
import { prepareDataDir } from './data-dir.ts';
import { type Database, DataDirLockedError, migrateDatabase, openDatabase, withStartupLock } from './db/client.ts';
import { markShuttingDown } from './health/service.ts';
import { closeOnSignals, SHUTDOWN_LIMIT_MS } from './health/shutdown.ts';
import { warmUp } from './plugins/access-log.ts';
import { moveUploadsIntoDatabase } from './plugins/uploads-upgrade.ts';
import { DEMO_SIGN_INS, type DemoSignIn, seedDemo, signInLines } from './seed/seed.ts';
import { exitOnStartupProblem } from './startup-errors.ts';

const LISTEN_BACKLOG = 4096;

/** Starts the server: configuration, database (migrated on start, uploads moved into it on
 * PostgreSQL), demo seed on an empty
 * database when asked for — both under the start-up lock on PostgreSQL — then listen;
 * SIGINT/SIGTERM close it gracefully. */
export async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    exitOnStartupProblem(error, undefined);
  }
  // DATA_DIR and what the site keeps in it: the owner's only, whatever the umask (data-dir.ts)
  const dataDirWarnings = prepareDataDir(config.dataDir, !config.databaseUrl);
  let database: Database;
  try {
    database = await openDatabase({
      url: config.databaseUrl,
      onIdleError: (error) => console.error(`database connection lost: ${error.message}`),
      dataDir: config.dataDir.startsWith('memory://') ? config.dataDir : join(config.dataDir, 'pglite'),
    });
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    console.error(dataDirInUse(config.dataDir, error.pid, error.lockPath));
    process.exit(1);
  }
  // the embedded database stopped for good: nothing more can be answered, so the server stops
  // with exit code 1 and systemd or Docker starts it afresh (plugins/errors.ts)
  const app: App = await buildApp({ config, database, onDatabaseAborted: () => stopForRestart(app) });
  for (const notice of config.notices) app.log[notice.level](notice.message);
  for (const warning of dataDirWarnings) app.log.warn(warning);
  if (config.payments.notice) app.log[config.payments.notice.level](config.payments.notice.message);
  // One instance at a time migrates and seeds; another started at once waits, then finds it done.
  // A database it cannot use (wrong address, password, name; not running) stops it with one line.
  const seeded = await withStartupLock(
    config.databaseUrl,
    async () => {
      await migrateDatabase(database);
      // files uploaded before the upgrade to files in PostgreSQL: copied in once, by one instance
      await moveUploadsIntoDatabase(app.ctx, app.log);
      // authenticator secrets under this installation's key: sealed, resealed after a rotation, or
      // (from a backup made with another JWT_SECRET) removed, to be set up again
      await checkTotpSecrets(app.ctx, app.log);
      const result = config.seedDemo ? await seedDemo(app.ctx) : null;
      if (result) app.log.info(result.summary);
      return result;
    },
    () => app.log.info('another instance is migrating the database: waiting for it'),
  ).catch((error: unknown) => exitOnStartupProblem(error, config.databaseUrl));

  let stopLocalCommands = async () => {};
  // SIGTERM/SIGINT: ready says 503, no new requests, those in flight finish (health/shutdown.ts);
  // the local command socket (backups) closes first
  closeOnSignals(app, { before: () => stopLocalCommands() });

  // Connections waiting to be accepted: Node's default (511) drops the rest of a thousand that
  // arrive at once (the night entries open), and each dropped one retries a second or more later.
  // The kernel caps it at net.core.somaxconn.
  // the first page painted once before anyone asks (its cold start is not theirs, nor a warning)
  await warmUp(app);
  await app.listen({ host: config.host, port: config.port, backlog: LISTEN_BACKLOG });
  // `npm run backup` asks the running server on the embedded database (backup/local-command.ts)
  stopLocalCommands = (await listenForLocalCommands(app, database)).close;
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const shown = config.host === '0.0.0.0' || config.host === '127.0.0.1' ? 'localhost' : config.host;
  // in production the address visitors use is PUBLIC_URL (behind the proxy), said beside it
  const visitors = config.isProduction ? ` (visitors: ${config.publicUrl})` : '';
  console.log(`\n${config.association.code} is running on http://${shown}:${port}${visitors}\n`);
  printSignIns(config, seeded?.signIns);
}

/** Stops after the embedded database aborted: ready answers 503, the requests in flight end (as
 * far as they can), then exit 1 — within SHUTDOWN_LIMIT_MS whatever happens. */
function stopForRestart(app: App): void {
  markShuttingDown(app.ctx);
  setTimeout(() => process.exit(1), SHUTDOWN_LIMIT_MS).unref();
  void app.close().finally(() => process.exit(1));
}

/** The one line a second server on the same embedded database stops with: how to tell whether
 * that process is a server, and which file to remove when it is not (a stale lock). */
export function dataDirInUse(dataDir: string, pid: number, lockPath: string): string {
  return `Another server (process ${pid}) is using the embedded database in DATA_DIR=${dataDir}: stop it first, or give this one another DATA_DIR. If process ${pid} is not a Piste server (check with: ps -p ${pid} -o pid,lstart,cmd), the lock is stale: remove ${lockPath} and start again.`;
}

/** The demo sign-ins: the README's outside production (every start, they never change); in
 * production only the random passwords of a seed that just ran, shown this once. */
function printSignIns(config: Config, seeded: DemoSignIn[] | undefined): void {
  if (!config.seedDemo) return;
  const signIns = config.isProduction ? seeded : DEMO_SIGN_INS;
  if (!signIns) return;
  console.log(config.isProduction ? 'Demo sign-ins (random passwords, shown only this once):' : 'Demo sign-ins:');
  for (const line of signInLines(signIns)) console.log(line);
  console.log('');
}
