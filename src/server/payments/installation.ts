import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/client.ts';
import { siteSettings } from '../db/schema.ts';

/** The installation's id (issue 24): made at first start (migration 0008) and kept in
 * site_settings. Provider idempotency keys carry it, so two installations (or a restored copy)
 * sharing a provider account never share a key. Read once per database. */
const known = new WeakMap<Db, Promise<string>>();

export function installationId(ctx: Pick<AppContext, 'db'>): Promise<string> {
  let id = known.get(ctx.db);
  if (!id) {
    id = readInstallationId(ctx.db);
    known.set(ctx.db, id);
    id.catch(() => known.delete(ctx.db));
  }
  return id;
}

/** Reads the id; a database without one (emptied by hand, or by the tests between cases) is given
 * a new one once, the same way migration 0008 made it, and every instance then reads that one. */
async function readInstallationId(db: Db): Promise<string> {
  const read = async () => {
    const [row] = await db.select().from(siteSettings).where(eq(siteSettings.key, 'installation_id'));
    return typeof row?.value === 'string' && row.value !== '' ? row.value : null;
  };
  const found = await read();
  if (found) return found;
  await db
    .insert(siteSettings)
    .values({ key: 'installation_id', value: randomUUID() })
    .onConflictDoNothing({ target: siteSettings.key });
  const made = await read();
  if (!made) throw new Error('the installation id is missing');
  return made;
}
