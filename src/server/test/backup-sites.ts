/** Sites for the backup tests: made, read whole (every row, every file) and removed. */
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { inject } from 'vitest';
import { buildApp } from '../app.ts';
import { restorePostgres } from '../backup/database-dump.ts';
import { rowsOf } from '../backup/manifest.ts';
import type { Config } from '../config.ts';
import { type Database, type Db, openDatabase } from '../db/client.ts';
import { seedDemo } from '../seed/seed.ts';
import { databaseUrl, TEST_DB, withClient } from './databases.ts';
import { testConfig } from './helper.ts';

/** A new PostgreSQL database named for the backup tests (empty, or cloned from a template). */
export async function createDatabase(name: string, template?: string): Promise<string> {
  await withClient(async (c) => {
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  });
  return databaseUrl(name);
}

export async function dropDatabases(names: string[]): Promise<void> {
  await withClient(async (c) => {
    for (const name of names) await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });
}

/** Every row of every table (Drizzle's migrations included), each as its JSON text, sorted: two
 * databases hold the same data when these are equal. */
export async function everyRow(db: Db): Promise<Record<string, string[]>> {
  const tables = await rowsOf<{ name: string }>(
    db,
    sql`SELECT quote_ident(schemaname) || '.' || quote_ident(tablename) AS name FROM pg_tables
        WHERE schemaname NOT IN ('pg_catalog', 'information_schema') ORDER BY 1`,
  );
  const all: Record<string, string[]> = {};
  for (const { name } of tables) {
    const rows = await rowsOf<{ row: string }>(
      db,
      sql.raw(`SELECT to_jsonb(t)::text AS row FROM ${name} t ORDER BY 1`),
    );
    all[name] = rows.map((r) => r.row);
  }
  return all;
}

/** Every file in a folder, name → bytes. */
export async function everyFile(dir: string): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  const names = await readdir(dir).catch(() => [] as string[]);
  for (const name of names.sort()) files.set(name, await readFile(join(dir, name)));
  return files;
}

export async function removeAll(paths: string[]): Promise<void> {
  await Promise.all(paths.splice(0).map((p) => rm(p, { recursive: true, force: true })));
}

/** A site's configuration for the test engine: its own DATA_DIR, and on PostgreSQL its database. */
export function siteConfig(dataDir: string, url?: string): Config {
  return testConfig({ DATA_DIR: dataDir, ...(url ? { DATABASE_URL: url } : {}) });
}

/** Opens a site's database: its DATA_DIR's PGlite folder, or its PostgreSQL database. */
export function openSite(config: Config, loadDataDir?: Blob): Promise<Database> {
  if (config.databaseUrl) return openDatabase({ url: config.databaseUrl, poolSize: 2 });
  return openDatabase({ dataDir: join(config.dataDir, 'pglite'), ...(loadDataDir ? { loadDataDir } : {}) });
}

/**
 * A stopped site holding the demo seed (every table's rows, the pictures and documents as
 * uploaded files): migrated from the test run's snapshot or template, seeded, closed.
 */
export async function seededSite(config: Config): Promise<void> {
  const snapshot = inject('pgliteSnapshot');
  const database = await openSite(config, snapshot ? new Blob([await readFile(snapshot)]) : undefined);
  const app = await buildApp({ config, database, jobs: 'manual' });
  try {
    await seedDemo(app.ctx);
  } finally {
    await app.close();
  }
}

/** The upgrade fixture: the demo site as main left it before issue 25 (migrations to 0009). */
export const UPGRADE_FIXTURE = join(import.meta.dirname, 'fixtures', 'upgrade-0009');

/** The fixture's uploaded files, under the names this engine's database gives them. */
export async function fixtureUploads(): Promise<Map<string, Buffer>> {
  const files = await everyFile(join(UPGRADE_FIXTURE, 'uploads'));
  if (TEST_DB === 'pglite') return files;
  const names = JSON.parse(await readFile(join(UPGRADE_FIXTURE, 'postgres-uploads.json'), 'utf8')) as Record<
    string,
    string
  >;
  return new Map(Object.entries(names).map(([name, stored]) => [name, files.get(stored) as Buffer]));
}

/** Puts the fixture into an empty installation: its database (PGlite's folder, or pg_restore of
 * the PostgreSQL dump) and its uploaded files. */
export async function installFixture(config: Config): Promise<void> {
  if (config.databaseUrl) {
    const database = await openSite(config);
    try {
      await restorePostgres(database.db, config.databaseUrl, join(UPGRADE_FIXTURE, 'postgres.pgdump'));
    } finally {
      await database.close();
    }
  } else {
    const tar = brotliDecompressSync(await readFile(join(UPGRADE_FIXTURE, 'pglite-datadir.tar.br')));
    const database = await openSite(config, new Blob([tar]));
    await database.close();
  }
  const dir = join(config.dataDir, 'uploads');
  await mkdir(dir, { recursive: true });
  for (const [name, bytes] of await fixtureUploads()) await writeFile(join(dir, name), bytes);
}
