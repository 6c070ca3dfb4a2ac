import { join } from 'node:path';
import { buildApp } from './app.ts';
import { type Config, loadConfig } from './config.ts';
import { migrateDatabase, openDatabase } from './db/client.ts';
import { seedDemo } from './db/seed.ts';

/** Starts the server: configuration, database (migrated on start), demo seed on an empty
 * database, then listen; SIGINT/SIGTERM close it gracefully. */
async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  const database = await openDatabase({
    url: config.databaseUrl,
    onIdleError: (error) => console.error(`database connection lost: ${error.message}`),
    dataDir: config.dataDir.startsWith('memory://') ? config.dataDir : join(config.dataDir, 'pglite'),
  });
  await migrateDatabase(database);
  const app = await buildApp({ config, database });
  if (config.seedDemo) {
    const seeded = await seedDemo(app.ctx);
    if (seeded) app.log.info(seeded.summary);
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, closing`);
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: config.host, port: config.port });
  const shown = config.host === '0.0.0.0' || config.host === '127.0.0.1' ? 'localhost' : config.host;
  console.log(`\n${config.association.code} is running on http://${shown}:${config.port}\n`);
  if (config.seedDemo) {
    const { DEMO_SIGN_INS } = await import('./db/seed.ts');
    console.log('Demo sign-ins:');
    for (const s of DEMO_SIGN_INS) console.log(`  ${s.role.padEnd(22)} ${s.username} / ${s.password}`);
    console.log('');
  }
}

void main();
