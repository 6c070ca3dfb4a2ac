import { ConfigError } from './config-error.ts';

/**
 * The one line a volunteer reads when the server (or `npm run create-admin`) cannot start because
 * of its settings (issue 25): a refused setting, or a database it cannot use — named with the
 * variable to fix, never a stack trace, never the connection string's password. Anything else is
 * a fault in the program and keeps its stack (null here).
 */
export function startupProblem(error: unknown, databaseUrl: string | undefined): string | null {
  if (error instanceof ConfigError) return error.message;
  if (!databaseUrl) return null;
  const code = errorCode(error);
  if (!code) return null;
  const target = describeUrl(databaseUrl);
  const where = `${target.host}:${target.port}`;
  switch (code) {
    case '28P01':
      return `DATABASE_URL: the database at ${where} refused the password of user "${target.user}"; check the password in DATABASE_URL.`;
    case '28000':
      return `DATABASE_URL: the database at ${where} refused user "${target.user}" (${shortMessage(error)}); check the user in DATABASE_URL, or create it (see the README).`;
    case '3D000':
      return `DATABASE_URL: the database "${target.database}" does not exist on ${where}; create it (createdb -O ${target.user} ${target.database}, see the README) or correct the name in DATABASE_URL.`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `DATABASE_URL: the database host "${target.host}" was not found; check the host name in DATABASE_URL.`;
    case 'ECONNREFUSED':
    case 'ETIMEDOUT':
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
    case 'ECONNRESET':
    case 'TIMEOUT':
    case '57P03':
      return `DATABASE_URL: cannot reach the database server at ${where} (${code === 'TIMEOUT' ? 'no answer' : code}); is PostgreSQL running there and accepting connections?`;
    default:
      return null;
  }
}

/** A PostgreSQL error's code or a socket's, looking through wrappers (Drizzle's cause, Node's
 * AggregateError for an address with several IPs); TIMEOUT for pg's connection timeout. */
function errorCode(error: unknown): string | null {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const e = current as { code?: unknown; message?: unknown; errors?: unknown[]; cause?: unknown };
    if (typeof e.code === 'string' && e.code) return e.code;
    if (typeof e.message === 'string' && /connection timeout|timeout expired/i.test(e.message)) return 'TIMEOUT';
    current = Array.isArray(e.errors) && e.errors.length ? e.errors[0] : e.cause;
  }
  return null;
}

function shortMessage(error: unknown): string {
  const driver = driverError(error);
  return String((driver as { message?: unknown }).message ?? driver).split('\n')[0] ?? '';
}

/** Host, port, user and database of a connection string, without its password. */
function describeUrl(url: string): { host: string; port: string; user: string; database: string } {
  const parsed = new URL(url);
  const user = decodeURIComponent(parsed.username) || process.env.USER || 'postgres';
  return {
    host: parsed.hostname || 'localhost',
    port: parsed.port || '5432',
    user,
    database: decodeURIComponent(parsed.pathname.replace(/^\//, '')) || user,
  };
}

/**
 * The one line a command (`npm run backup`, `restore`) prints when it fails: the server's words
 * for a setting or a database it cannot use (startupProblem), otherwise the error's own message —
 * the driver's, never Drizzle's `Failed query: SELECT …` wrapped around it (issue 36).
 */
export function commandFailure(error: unknown, databaseUrl: string | undefined): string {
  const line = startupProblem(error, databaseUrl);
  if (line !== null) return line;
  const driver = driverError(error);
  return driver instanceof Error ? driver.message : String(driver);
}

/** The driver's error inside Drizzle's `Failed query: <sql>` (its cause). */
function driverError(error: unknown): unknown {
  let current = error;
  for (let depth = 0; depth < 5; depth++) {
    const e = current as { message?: unknown; cause?: unknown } | null;
    if (!e || typeof e.message !== 'string' || !e.message.startsWith('Failed query:') || !e.cause) break;
    current = e.cause;
  }
  return current;
}

/** Prints the line and ends the process (exit code 1) when the error is one of those; otherwise
 * rethrows it. */
export function exitOnStartupProblem(error: unknown, databaseUrl: string | undefined): never {
  const line = startupProblem(error, databaseUrl);
  if (line === null) throw error;
  console.error(line);
  process.exit(1);
}
