/**
 * `npm run backup [-- --out DIR]`: one archive of the site (database and uploaded files) in DIR
 * (default: backups/), from the same environment as the server (DATABASE_URL, DATA_DIR). Works
 * with the server running or stopped (src/server/backup/commands.ts). Prints the archive's path;
 * a failure is one line and exit code 1.
 */
import { parseArgs } from 'node:util';
import { backupCommand } from '../src/server/backup/commands.ts';
import { loadConfig } from '../src/server/config.ts';
import { commandFailure } from '../src/server/startup-errors.ts';

let databaseUrl: string | undefined;
try {
  const { values } = parseArgs({ options: { out: { type: 'string', default: 'backups' } } });
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });
  databaseUrl = config.databaseUrl;
  const result = await backupCommand(config, values.out);
  console.log(`Backup written: ${result.archive} (${result.bytes} bytes, ${result.uploads} uploaded files)`);
} catch (error) {
  // a DATABASE_URL it cannot use: the server's one line (startup-errors.ts)
  console.error(commandFailure(error, databaseUrl));
  process.exitCode = 1;
}
