import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite, parse, protocol } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The statement layer (pglite-statements.ts, pglite-client.ts; docs/decisions/0023) reaches into
 * PGlite past its documented API. This file fails, naming what moved, when an upgrade changes any
 * of it: read the decision and the two files again before moving the pin in package.json.
 */
const ROOT = join(import.meta.dirname, '..', '..', '..');
const PINNED = (
  JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string> }
).dependencies['@electric-sql/pglite'];
const INSTALLED = (
  JSON.parse(readFileSync(join(ROOT, 'node_modules', '@electric-sql', 'pglite', 'package.json'), 'utf8')) as {
    version: string;
  }
).version;

const moved = (what: string) =>
  `PGlite ${INSTALLED}: ${what} is not what the statement layer (src/server/db/pglite-statements.ts, ` +
  `docs/decisions/0023) was written against (PGlite ${PINNED}). Re-check the layer before upgrading.`;

describe(`PGlite's internals the statement layer relies on (pinned ${PINNED})`, () => {
  let client: PGlite;
  beforeAll(async () => {
    client = await PGlite.create('memory://');
  });
  afterAll(() => client.close());

  it('is pinned to one exact version, and that version is installed', () => {
    expect(PINNED, 'package.json must pin @electric-sql/pglite exactly (no ^ or ~)').toMatch(/^\d+\.\d+\.\d+$/);
    const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { version?: string; dependencies?: Record<string, string> }>;
    };
    expect(
      lock.packages['']?.dependencies?.['@electric-sql/pglite'],
      'package-lock.json agrees with package.json',
    ).toBe(PINNED);
    expect(INSTALLED, moved('the installed version')).toBe(PINNED);
  });

  it("has the client's private and semi-private members, as functions and maps", () => {
    const c = client as unknown as Record<string, unknown>;
    for (const method of ['_runExclusiveTransaction', 'runExclusive', 'execProtocolStream', 'syncToFs']) {
      expect(typeof c[method], moved(`PGlite#${method}`)).toBe('function');
    }
    expect(client.ready, moved('PGlite#ready')).toBe(true);
    for (const map of ['serializers', 'parsers'] as const) {
      expect(typeof client[map], moved(`PGlite#${map}`)).toBe('object');
      // int4 (23) and text (25) are in both maps, by type oid
      expect(typeof (client[map] as Record<number, unknown>)[23], moved(`PGlite#${map}[23]`)).toBe('function');
    }
  });

  it("has the protocol's serialisers and the result parsers", () => {
    for (const name of ['parse', 'describe', 'bind', 'execute', 'sync', 'close'] as const) {
      expect(typeof protocol.serialize[name], moved(`protocol.serialize.${name}`)).toBe('function');
    }
    expect(typeof parse.parseDescribeStatementResults, moved('parse.parseDescribeStatementResults')).toBe('function');
    expect(typeof parse.parseResults, moved('parse.parseResults')).toBe('function');
  });

  it('prepares, describes and runs a named statement through them as the layer does', async () => {
    const { serialize } = protocol;
    const described = await client.execProtocolStream(
      new Uint8Array(
        Buffer.concat([
          serialize.parse({ name: 'probe_1', text: 'select $1::int + 1 as n' }),
          serialize.describe({ type: 'S', name: 'probe_1' }),
          serialize.sync(),
        ]),
      ),
      { syncToFs: false },
    );
    expect(parse.parseDescribeStatementResults(described), moved('a described statement’s parameter types')).toEqual([
      23,
    ]);
    const ran = await client.execProtocolStream(
      new Uint8Array(
        Buffer.concat([
          serialize.bind({ statement: 'probe_1', values: ['41'] }),
          serialize.describe({ type: 'P' }),
          serialize.execute({}),
          serialize.sync(),
        ]),
      ),
      { syncToFs: false },
    );
    const [result] = parse.parseResults(ran, client.parsers);
    expect(result?.rows, moved('parseResults’ rows')).toEqual([{ n: 42 }]);
    expect((result as { command?: string } | undefined)?.command, moved('parseResults’ command tag')).toBe('SELECT');
  });

  it('runs work under the transaction lock and then the engine lock, answering its result', async () => {
    const c = client as unknown as {
      _runExclusiveTransaction<T>(work: () => Promise<T>): Promise<T>;
      runExclusive<T>(work: () => Promise<T>): Promise<T>;
    };
    await expect(
      c._runExclusiveTransaction(() => c.runExclusive(async () => 'done')),
      moved('the locks'),
    ).resolves.toBe('done');
  });

  it("gives a transaction's handle a `closed` flag, false inside and true after", async () => {
    let handle: { closed?: unknown } | undefined;
    await client.transaction(async (tx) => {
      handle = tx as unknown as { closed?: unknown };
      expect(handle.closed, moved('a transaction handle’s closed flag')).toBe(false);
    });
    expect(handle?.closed, moved('a transaction handle’s closed flag')).toBe(true);
  });
});
