/**
 * `npm run restore -- ARCHIVE [--same-site]`: restores a backup archive into this installation,
 * which must be empty (a new DATA_DIR, or a new PostgreSQL database in DATABASE_URL) with no
 * server running on it. The archive is checked whole before anything is written. The restored
 * site gets a new installation id unless --same-site says it replaces the original (whose copy
 * must then never run again): two sites must never share payment providers' idempotency keys.
 */
import { parseArgs } from 'node:util';
import { restoreCommand } from '../src/server/backup/commands.ts';
import { loadConfig } from '../src/server/config.ts';
import { commandFailure } from '../src/server/startup-errors.ts';

let databaseUrl: string | undefined;
try {
  const { values, positionals } = parseArgs({
    options: { 'same-site': { type: 'boolean', default: false } },
    allowPositionals: true,
  });
  const [archive, ...extra] = positionals;
  if (!archive || extra.length > 0) {
    console.error('usage: npm run restore -- ARCHIVE [--same-site]');
    process.exit(2);
  }
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });
  databaseUrl = config.databaseUrl;
  const result = await restoreCommand(config, archive, values['same-site']);
  const where = config.databaseUrl ? 'the database in DATABASE_URL' : `DATA_DIR=${config.dataDir}`;
  console.log(
    `Restored the backup of ${result.manifest.createdAt} (${result.uploads} uploaded files) into ${where}; installation id ${result.installationId}${values['same-site'] ? ' (the same site)' : ' (new)'}. Start the server: it applies any newer migrations.`,
  );
} catch (error) {
  // a DATABASE_URL it cannot use: the server's one line (startup-errors.ts)
  console.error(commandFailure(error, databaseUrl));
  process.exitCode = 1;
}
