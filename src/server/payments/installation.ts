import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/client.ts';
import { siteSettings } from '../db/schema.ts';

/** The installation's id (issue 24): made at first start (migration 0008) and kept in
 * site_settings. Provider idempotency keys carry it, so two installations (or a restored copy)
 * sharing a provider account never share a key. Read once per database. */
const known = new WeakMap<Db, Promise<string>>();

export function installationId(ctx: AppContext): Promise<string> {
  let id = known.get(ctx.db);
  if (!id) {
    id = readInstallationId(ctx.db);
    known.set(ctx.db, id);
    id.catch(() => known.delete(ctx.db));
  }
  return id;
}

async function readInstallationId(db: Db): Promise<string> {
  // made by migration 0008; made here if a restore or a reset emptied site_settings since
  await db.execute(
    sql`insert into site_settings (key, value) values ('installation_id', to_jsonb(gen_random_uuid()::text)) on conflict (key) do nothing`,
  );
  const [row] = await db.select().from(siteSettings).where(eq(siteSettings.key, 'installation_id'));
  if (typeof row?.value !== 'string' || row.value === '') throw new Error('the installation id is missing');
  return row.value;
}
