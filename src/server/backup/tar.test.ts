/** The archive's container and the PostgreSQL tools' rules, without a database. */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { connectionForTool, pgTool } from './database-dump.ts';
import { NOT_AN_ARCHIVE, packTar, readTar, type TarSource } from './tar.ts';

function source(name: string, bytes: Buffer, declared = bytes.length): TarSource {
  return {
    name,
    size: declared,
    bytes: async function* () {
      yield bytes.subarray(0, 300);
      yield bytes.subarray(300);
    },
  };
}

async function pack(sources: TarSource[]): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const manifest = (files: unknown) => ({ name: 'manifest.json', bytes: Buffer.from(JSON.stringify(files)) });
  for await (const chunk of packTar(sources, manifest, new Date())) chunks.push(chunk);
  return Buffer.concat(chunks);
}

async function unpack(tar: Buffer, chunk = 700): Promise<Map<string, Buffer>> {
  const found = new Map<string, Buffer>();
  async function* pieces() {
    for (let at = 0; at < tar.length; at += chunk) yield tar.subarray(at, at + chunk);
  }
  await readTar(pieces(), (entry) => {
    const parts: Buffer[] = [];
    return {
      write: (c) => void parts.push(Buffer.from(c)),
      end: () => void found.set(entry.name, Buffer.concat(parts)),
    };
  });
  return found;
}

describe('backup archive container', () => {
  it('reads back every file byte for byte (empty, one byte, a block, a block and one), then the manifest with their SHA-256', async () => {
    const files = [0, 1, 512, 513].map((n, i) => ({ name: `uploads/f${i}.bin`, bytes: Buffer.alloc(n, i + 1) }));
    const tar = await pack(files.map((f) => source(f.name, f.bytes)));
    const found = await unpack(tar);
    for (const f of files) expect(found.get(f.name)).toEqual(f.bytes);
    const manifest = JSON.parse(String(found.get('manifest.json')));
    expect(manifest).toEqual(
      files.map((f) => ({
        name: f.name,
        bytes: f.bytes.length,
        sha256: createHash('sha256').update(f.bytes).digest('hex'),
      })),
    );
  });

  it('refuses a damaged header and an archive cut short', async () => {
    const tar = await pack([source('uploads/a.jpg', Buffer.alloc(600, 7))]);
    const damaged = Buffer.from(tar);
    damaged[10] = 65;
    await expect(unpack(damaged)).rejects.toThrow(NOT_AN_ARCHIVE);
    await expect(unpack(tar.subarray(0, 1024))).rejects.toThrow(
      'This backup archive is incomplete (it ends early): copy it again from where it is kept.',
    );
  });

  it('fails a backup whose file changed size while it was read', async () => {
    await expect(pack([source('uploads/a.jpg', Buffer.alloc(600), 700)])).rejects.toThrow(
      'uploads/a.jpg changed while it was being read (700 bytes expected, 600 read)',
    );
  });
});

describe('PostgreSQL tools', () => {
  it("refuses without the server's major version of pg_dump, naming the package", () => {
    expect(() => pgTool('pg_dump', 17, () => false)).toThrow(
      'pg_dump for PostgreSQL 17 is not installed (looked for /usr/lib/postgresql/17/bin/pg_dump): install the package postgresql-client-17 (apt install postgresql-client-17), then run this again.',
    );
    expect(pgTool('pg_restore', 15, (path) => path === '/usr/lib/postgresql/15/bin/pg_restore')).toBe(
      '/usr/lib/postgresql/15/bin/pg_restore',
    );
  });

  it('passes the password in the environment, never on the command line', () => {
    expect(connectionForTool('postgres://piste:s%40cret@db.example:5432/piste?sslmode=require')).toEqual({
      dbname: 'postgres://piste@db.example:5432/piste?sslmode=require',
      env: { PGPASSWORD: 's@cret' },
    });
    expect(connectionForTool('postgres://postgres@127.0.0.1/test').env).toEqual({});
  });
});
