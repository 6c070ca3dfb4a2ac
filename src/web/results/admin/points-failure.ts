import { RESULTS_MSG } from '../../../domain/results/index.ts';
import { ApiError } from '../../api/client.ts';

/**
 * Why the Points panel could not open a year (doc 3 §8, admin points), in the spec's words: no
 * answer at all is "Unable to connect to the points calculation service"; a server fault while the
 * server's database is not migrated to the code's version (its tables behind the code: the
 * readiness check says so) is "Database schema error"; any other failure is "Failed to load or
 * create race event". The server's own texts ('Internal Server Error') are never shown.
 */

/** /health/ready's reason when the database lacks this version's migrations
 * (src/server/health/service.ts, NOT_READY.migrations). */
export const NOT_MIGRATED = 'the database is not migrated to this version';

/** A server fault whose cause is the database's schema: behind the code. */
export class SchemaBehind extends Error {
  constructor() {
    super(RESULTS_MSG.schemaError);
    this.name = 'SchemaBehind';
  }
}

type Fetcher = () => Promise<Response>;
// the address written out: importing API_BASE would make the public pages' first script export one
// more name (its bytes count against their budget)
const askReady: Fetcher = () =>
  fetch('/api/v1/health/ready', { headers: { accept: 'application/json' }, cache: 'no-store' });

/** A server fault (5xx without words of ours) is explained by the readiness check when it can be:
 * a database not migrated becomes SchemaBehind; anything else stays as it was. */
export async function explainServerFault(error: unknown, ready: Fetcher = askReady): Promise<unknown> {
  if (!(error instanceof ApiError) || error.status < 500 || error.code === 'MAINTENANCE') return error;
  try {
    const res = await ready();
    const body = (await res.json()) as { reason?: unknown } | null;
    if (res.status === 503 && body?.reason === NOT_MIGRATED) return new SchemaBehind();
  } catch {
    // the check itself failed: the fault stays unexplained
  }
  return error;
}

/** The alert's words for a failure to open the year. */
export function openFailure(error: unknown): string {
  if (error instanceof SchemaBehind) return RESULTS_MSG.schemaError;
  if (error instanceof ApiError) return RESULTS_MSG.loadOrCreateFailed;
  return RESULTS_MSG.serviceUnreachable;
}
