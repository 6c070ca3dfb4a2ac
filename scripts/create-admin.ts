/**
 * `npm run create-admin -- <username> <email> <first name> <last name>`: the first super
 * administrator of a new database (production starts without any account). Reads the same
 * environment as the server (DATABASE_URL …), migrates under the start-up lock, creates the account
 * with a random password and prints it once: sign in and change it.
 *
 * `npm run create-admin -- --reset-second-factor <username>`: removes the account's authenticator
 * and recovery codes and ends its sessions (a super administrator who lost their phone;
 * src/server/accounts/second-factor-reset.ts, docs/decisions/0062).
 */
import { join } from 'node:path';
import { createSuperAdministrator } from '../src/server/accounts/first-admin.ts';
import { describeReset, resetSecondFactor, unknownUsername } from '../src/server/accounts/second-factor-reset.ts';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { DataDirLockedError, migrateDatabase, openDatabase, withStartupLock } from '../src/server/db/client.ts';
import { AppError } from '../src/server/errors.ts';
import { exitOnStartupProblem, startupProblem } from '../src/server/startup-errors.ts';

const args = process.argv.slice(2);
const resetting = args[0] === '--reset-second-factor';
const [username = '', email = '', firstName = '', lastName = ''] = resetting ? args.slice(1) : args;
if (resetting ? !username || args.length !== 2 : !username || !email || !firstName || !lastName) {
  console.error('usage: npm run create-admin -- <username> <email> <first name> <last name>');
  console.error('       npm run create-admin -- --reset-second-factor <username>');
  process.exit(2);
}
let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', SEED_DEMO: 'false' });
} catch (error) {
  exitOnStartupProblem(error, undefined);
}
const database = await openDatabase({
  url: config.databaseUrl,
  dataDir: config.dataDir.startsWith('memory://') ? config.dataDir : join(config.dataDir, 'pglite'),
}).catch((error: unknown) => {
  if (!(error instanceof DataDirLockedError)) throw error;
  console.error(`${error.message} Stop the server first: on the embedded database this runs while it is stopped.`);
  process.exit(1);
});
const app = await buildApp({ config, database });
try {
  await withStartupLock(config.databaseUrl, () => migrateDatabase(database)).catch((error: unknown) =>
    exitOnStartupProblem(error, config.databaseUrl),
  );
  if (resetting) {
    const reset = await resetSecondFactor(app.ctx, username);
    if (reset) console.log(describeReset(reset).join('\n'));
    else {
      console.error(unknownUsername(username));
      process.exitCode = 1;
    }
  } else {
    const { password } = await createSuperAdministrator(app.ctx, {
      username,
      email,
      first_name: firstName,
      last_name: lastName,
    });
    console.log(`Super administrator ${username} created. Password (shown only this once): ${password}`);
    console.log('Sign in and change it from My Profile → Change Password.');
    if (config.totpRequiredForSuper) {
      console.log('Signing in first asks for an authenticator app to be set up (TOTP_REQUIRED_FOR_SUPER).');
    }
  }
} catch (error) {
  if (error instanceof AppError) {
    console.error(
      Object.values(error.fields ?? {})
        .flat()
        .join('\n') || error.message,
    );
    process.exitCode = 1;
  } else {
    // a database that stops answering meanwhile: the server's one line too
    const line = startupProblem(error, config.databaseUrl);
    if (line === null) throw error;
    console.error(line);
    process.exitCode = 1;
  }
} finally {
  await app.close();
}
