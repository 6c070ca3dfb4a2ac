/**
 * Build once, run anywhere: scripts/production-install.sh (what the Dockerfile runs) on a copy of
 * this working tree, then the result started as production starts it (`npm run serve`,
 * NODE_ENV=production) on a new PostgreSQL database, with the production dependencies only.
 * Then its backups as the shipped files make them (issue 36): deploy/piste-backup.service's
 * commands as its user (made when missing, as root; not root: as this user, said in the log),
 * into the folder its ExecStartPre= makes, on PostgreSQL and with the server of piste.service on
 * the embedded database; compose.yaml's backup service's command outside Docker; each archive
 * restored by the installation's own scripts/restore.ts and compared with the site.
 * api-postgres only: it needs a PostgreSQL server, and it is slow (a copy of node_modules, a build).
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, copyFileSync, existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { afterAll, describe, expect, it } from 'vitest';
import { composeService, readUnit } from './test/deploy-files.ts';
import { groupAlive, runCommand, type ServerProcess, startServer } from './test/processes.ts';
import { createEmptyDatabase, dropDatabase } from './test/scratch-databases.ts';
import {
  archivesIn,
  asUser,
  oldArchives,
  outFolder,
  Places,
  type RunAs,
  readSite,
  runAs,
  runBackupUnit,
  runStartPre,
  startComposeCommand,
  unitEnvironment,
} from './test/shipped-backups.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const DATABASE = `piste_deploy_production_${process.pid}`;
const NAME = 'Fenland Ski Racing Club';

const SECRET = '9b2e7f41c6a83d05e1f7a29c4b6d8e03a5c7f91b2d4e6a80c3f5b7d9e1a2c4f6';

let copy: string | undefined;
let url: string | undefined;
let server: ServerProcess | undefined;
let user: RunAs | undefined;
const scratch: string[] = [];
const restoredDatabases: string[] = [];

afterAll(async () => {
  await server?.stop();
  await dropDatabase(DATABASE);
  for (const name of restoredDatabases) await dropDatabase(name);
  for (const dir of [copy, ...scratch]) if (dir) await rm(dir, { recursive: true, force: true });
  user?.cleanUp();
});

/** The working tree as it is, committed or not (tracked and untracked files, less the ignored
 * ones and those deleted), copied to a new folder. */
function copyWorkingTree(to: string): void {
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: ROOT })
    .toString()
    .split('\0')
    .filter(Boolean);
  for (const file of listed) {
    if (!existsSync(join(ROOT, file))) continue;
    mkdirSync(dirname(join(to, file)), { recursive: true });
    copyFileSync(join(ROOT, file), join(to, file));
  }
}

const run = (command: string, args: string[], cwd: string) => runCommand(command, args, cwd, process.env);

/** The installation's own Node, its built templates (dist/web-ssr/emails.js) and its nodemailer,
 * with production dependencies only, render the receipt's sample and send it (HTML and text) to an
 * SMTP server here, which checks what arrived (the server's own mail job adds the .ics attachments:
 * src/server/mail/emails.test.ts). */
async function sendsAReceiptThroughTheBuiltTemplates(cwd: string): Promise<void> {
  let received = '';
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, done) {
      stream.on('data', (chunk: Buffer) => {
        received += chunk.toString();
      });
      stream.on('end', () => done());
    },
  });
  await new Promise<void>((ready) => smtp.listen(0, '127.0.0.1', ready));
  const { port } = smtp.server.address() as { port: number };
  const script = `
    import nodemailer from 'nodemailer';
    const emails = await import('./dist/web-ssr/emails.js');
    const site = { name: 'Fenland Ski Racing Club', code: 'FSRC', email: 'office@fsrc.example',
      publicUrl: 'https://ski.example.org', colours: { primary: '#1c4e80', accent: '#e8a33d' } };
    const mail = await emails.renderEmail('receipt', site, emails.SAMPLES.receipt[0]);
    const transport = nodemailer.createTransport({ host: '127.0.0.1', port: ${port}, secure: false, ignoreTLS: true });
    await transport.sendMail({ from: site.email, to: 'parent@example.org', subject: mail.subject, html: mail.html, text: mail.text });
    console.log(mail.subject);`;
  try {
    const sent = await run(join(cwd, 'node_modules', '.bin', 'node'), ['--input-type=module', '-e', script], cwd);
    expect(sent.code, sent.output).toBe(0);
    expect(sent.output).toContain('FSRC: your entries for 2 races are confirmed');
    const flat = received.replace(/=\r?\n/g, '');
    expect(flat).toContain('Content-Type: text/html');
    expect(flat).toContain('Content-Type: text/plain');
    expect(flat).toContain('Hemel Open Slalom');
    expect(flat).toContain('UK time');
  } finally {
    await new Promise<void>((closed) => smtp.close(() => closed()));
  }
}

describe('a production installation', () => {
  it('is built by the install script, holds no dev dependency, and serves on PostgreSQL in production mode', async () => {
    copy = await mkdtemp(join(tmpdir(), 'piste-production-'));
    // nothing above the copy may lend it a package: it must find them in its own node_modules
    expect(existsSync(join(dirname(copy), 'node_modules'))).toBe(false);
    copyWorkingTree(copy);

    const started = Date.now();
    const install = await run('bash', ['scripts/production-install.sh', '--node-modules-from', ROOT, copy], ROOT);
    expect(install.code, install.output).toBe(0);
    console.log(`production-install.sh took ${((Date.now() - started) / 1000).toFixed(1)} s`);

    const modules = join(copy, 'node_modules');
    for (const dev of ['vite', 'vitest', 'typescript', '@biomejs/biome', 'drizzle-kit', '@playwright/test']) {
      expect(existsSync(join(modules, dev)), dev).toBe(false);
    }
    // Node 24 comes with the installation: the systemd unit runs node_modules/.bin/node
    expect(existsSync(join(modules, '.bin', 'node'))).toBe(true);
    expect(existsSync(join(copy, 'dist', 'web', 'index.html'))).toBe(true);
    expect(existsSync(join(copy, 'dist', 'web-ssr', 'entry-server.js'))).toBe(true);
    // the server compiled (npm run serve runs it), with the files it reads beside it
    expect(existsSync(join(copy, 'dist', 'server', 'main.js'))).toBe(true);
    expect(existsSync(join(copy, 'dist', 'server', 'migrations', 'meta', '_journal.json'))).toBe(true);
    // the e-mail templates, compiled by the server-render build (the server has no JSX step)
    expect(existsSync(join(copy, 'dist', 'web-ssr', 'emails.js'))).toBe(true);
    await sendsAReceiptThroughTheBuiltTemplates(copy);

    url = await createEmptyDatabase(DATABASE);
    server = startServer(
      {
        NODE_ENV: 'production',
        DATABASE_URL: url,
        JWT_SECRET: SECRET,
        PUBLIC_URL: 'https://ski.example.org',
        ASSOCIATION_NAME: NAME,
        WEB_DIST: 'dist/web',
        LOG_LEVEL: 'warn',
      },
      120_000,
      { cwd: copy, command: ['npm', 'run', 'serve'] },
    );
    const base = await server.ready;

    const ready = await fetch(`${base}/api/v1/health/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready' });
    const home = await fetch(`${base}/`);
    expect(home.status, server.output()).toBe(200);
    expect(home.headers.get('content-type')).toContain('text/html');
    const html = await home.text();
    expect(html).toContain(NAME);
    // painted by the built renderer from dist/web-ssr, not the bare shell
    expect(html).toContain('id="piste-state"');

    // stopped, nothing it started is left running (npm's node child outlived npm before)
    await server.stop();
    expect(groupAlive(server.child.pid)).toBe(false);
    expect(
      await fetch(`${base}/api/v1/health/live`).then(
        (r) => r.status,
        () => 'refused',
      ),
    ).toBe('refused');
  }, 600_000);
});

/** A folder the units' user may enter (mkdtemp makes them 0700), removed after the tests. */
async function openFolder(prefix: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  chmodSync(dir, 0o755);
  scratch.push(dir);
  return dir;
}

/** The installation's own `npm run restore` (scripts/restore.ts) of `archive` into a new, empty
 * site (a new PostgreSQL database, or a new DATA_DIR), then its rows. */
async function restored(archive: string, onPostgres: boolean): Promise<Record<string, string[]>> {
  const installation = copy as string;
  const dataDir = await openFolder('piste-restored-');
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    JWT_SECRET: SECRET,
    PUBLIC_URL: 'https://ski.example.org',
    DATA_DIR: dataDir,
  };
  if (onPostgres) {
    const name = `piste_deploy_restored_${process.pid}_${restoredDatabases.length}`;
    restoredDatabases.push(name);
    env.DATABASE_URL = await createEmptyDatabase(name);
  }
  const node = join(installation, 'node_modules', '.bin', 'node');
  const ran = await runCommand(node, ['scripts/restore.ts', archive], installation, env);
  expect(ran.code, ran.output).toBe(0);
  expect(ran.output).toContain('Restored the backup of');
  return readSite(env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: join(dataDir, 'pglite') });
}

function expectRan(steps: { command: string; ran: { code: number | null; output: string } }[]): void {
  for (const step of steps) expect(step.ran.code, `${step.command}\n${step.ran.output}`).toBe(0);
}

/** The system user the units run as (made when missing, as root); says so when it cannot be used. */
function unitUser(name: string): RunAs {
  user ??= runAs(name);
  if (user.why) console.warn(`backups as shipped: ${user.why}`);
  return user;
}

/** Issue 36: the backups the shipped files make, run as they say, and restored. */
describe('backups as shipped', () => {
  it("the backup unit (as its user, into the folder it makes, keeping 14) and compose's backup service back up PostgreSQL; each archive restores the data", async () => {
    if (!copy || !url) throw new Error('the installation was not made: see the test above');
    chmodSync(copy, 0o755);
    const unit = readUnit(join(ROOT, 'deploy', 'piste-backup.service'));
    const as = unitUser(unit.user);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(
      "INSERT INTO users (username, email, password_hash, first_name, last_name) VALUES ('backup-check', 'check@example.org', 'not-a-hash', 'Back', 'Up')",
    );
    await client.end();
    const before = await readSite({ url });
    expect(before['public.users']?.some((r) => r.includes('"backup-check"'))).toBe(true);

    // the unit, twice: the first makes its folder (/var/backups is root's), the second prunes
    const root = await openFolder('piste-units-');
    const places = new Places(root, unit.workingDirectory, copy);
    const envFile = `DATABASE_URL=${url}\nPUBLIC_URL=https://ski.example.org\nJWT_SECRET=${SECRET}\nASSOCIATION_NAME="${NAME}"\n`;
    const out = places.path(outFolder(unit.execStart));
    expect(existsSync(out)).toBe(false);
    const first = await runBackupUnit(unit, places, envFile, as);
    expectRan(first.steps);
    const folder = statSync(out);
    expect(folder.mode & 0o777).toBe(0o750);
    expect([folder.uid, folder.gid]).toEqual([as.uid, as.gid]);
    const firstArchive = first.archive as string;
    expect(dirname(firstArchive)).toBe(out);
    expect(statSync(firstArchive).uid).toBe(as.uid);
    expect(statSync(firstArchive).mode & 0o777).toBe(0o600);
    const old = await oldArchives(out, as);
    const second = await runBackupUnit(unit, places, envFile, as);
    expectRan(second.steps);
    const secondArchive = second.archive as string;
    expect(archivesIn(out).sort()).toEqual(
      [...old.slice(2), firstArchive.split('/').pop(), secondArchive.split('/').pop()].sort(),
    );

    // compose's backup service: the image's pg_dump is compose's PostgreSQL's major version, and
    // the volume's folder is the image user's (a new named volume takes its owner)
    const compose = readFileSync(join(ROOT, 'compose.yaml'), 'utf8');
    const service = composeService(compose, 'backup');
    const dockerfile = readFileSync(join(ROOT, 'Dockerfile'), 'utf8');
    const major = /^postgres:(\d+)/.exec(composeService(compose, 'db').image ?? '')?.[1];
    expect(major).toBeDefined();
    expect(dockerfile).toMatch(new RegExp(`install [^\\n]*postgresql-client-${major}\\b`));
    const target = service.volumes.find((v) => v.startsWith('backups:'))?.split(':')[1] as string;
    const imageUser = [...dockerfile.matchAll(/^USER (\S+)$/gm)].pop()?.[1];
    const workdir = [...dockerfile.matchAll(/^WORKDIR (\S+)$/gm)].pop()?.[1] as string;
    const made = dockerfile.split('\n').find((l) => l.startsWith('RUN mkdir') && l.includes(` ${target}`));
    expect(made).toContain(`chown ${imageUser}:${imageUser}`);
    expect(made?.split('chown')[1]).toContain(target);
    const image = new Places(root, workdir, copy);
    const composeFolder = image.path(target);
    mkdirSync(composeFolder, { recursive: true });
    const oldCompose = await oldArchives(composeFolder, as);
    mkdirSync(image.path('/data'), { recursive: true });
    const running = startComposeCommand(
      service,
      'backups',
      image,
      {
        NODE_ENV: 'production',
        DATABASE_URL: url,
        DATA_DIR: image.path('/data'),
        PUBLIC_URL: 'https://ski.example.org',
        JWT_SECRET: SECRET,
      },
      as,
    );
    try {
      const deadline = Date.now() + 120_000;
      while (!(running.output().includes('Backup written') && archivesIn(composeFolder).length === 14)) {
        if (running.child.exitCode !== null || Date.now() > deadline) throw new Error(running.output());
        await new Promise((r) => setTimeout(r, 250));
      }
    } finally {
      running.stop();
    }
    const composeArchive = /Backup written: (\S+)/.exec(running.output())?.[1] as string;
    expect(dirname(composeArchive)).toBe(composeFolder);
    expect(statSync(composeArchive).uid).toBe(as.uid);
    expect(archivesIn(composeFolder)).not.toContain(oldCompose[0]);

    for (const archive of [firstArchive, secondArchive, composeArchive]) {
      expect(await restored(archive, true), archive).toEqual(before);
    }
  }, 300_000);

  it("on the embedded database the server, run as piste.service runs it, writes the archive the backup unit asks for into the unit's folder; it restores", async () => {
    if (!copy) throw new Error('the installation was not made: see the test above');
    chmodSync(copy, 0o755);
    const serverUnit = readUnit(join(ROOT, 'deploy', 'piste.service'));
    const backupUnit = readUnit(join(ROOT, 'deploy', 'piste-backup.service'));
    const as = unitUser(serverUnit.user);
    expect(backupUnit.user).toBe(serverUnit.user);
    // the server may write the backups' folder: it makes it as root before its sandbox, which
    // leaves it writable (ProtectSystem=strict makes every other path read-only)
    const out = outFolder(backupUnit.execStart);
    expect(serverUnit.readWritePaths).toContain(out);
    expect(serverUnit.execStartPre.some((c) => c[0]?.startsWith('+') && c.includes(out))).toBe(true);

    const root = await openFolder('piste-embedded-');
    const places = new Places(root, serverUnit.workingDirectory, copy);
    const envFile = `PUBLIC_URL=https://ski.example.org\nJWT_SECRET=${SECRET}\nASSOCIATION_NAME="${NAME}"\n`;
    const env = unitEnvironment(serverUnit, places, envFile, as);
    // StateDirectory=: DATA_DIR made and owned by the unit's user, 0700 (StateDirectoryMode=)
    const dataDir = env.DATA_DIR as string;
    mkdirSync(dirname(dataDir), { recursive: true, mode: 0o755 });
    mkdirSync(dataDir, { mode: 0o700 });
    chownSync(dataDir, as.uid, as.gid);
    mkdirSync(places.path('/var/backups'), { recursive: true, mode: 0o755 });
    expectRan(await runStartPre(serverUnit, places, as, env, [out]));
    const [command, args] = asUser(
      as,
      serverUnit.execStart.map((w) => places.word(w, [])),
    );
    const embedded = startServer(
      { ...(env as Record<string, string>), PORT: '0', WEB_DIST: 'dist/web', LOG_LEVEL: 'warn' },
      120_000,
      { cwd: copy, command: [command, ...args] },
    );
    let archive: string;
    try {
      await embedded.ready;
      const result = await runBackupUnit(backupUnit, places, envFile, as);
      expectRan(result.steps);
      archive = result.archive as string;
    } finally {
      await embedded.stop();
    }
    expect(dirname(archive)).toBe(places.path(out));
    // written by the server (its user), readable by it only
    expect(statSync(archive).uid).toBe(as.uid);
    expect(statSync(archive).mode & 0o777).toBe(0o600);
    const before = await readSite({ dataDir: join(dataDir, 'pglite') });
    // not an empty comparison: the server's migrations are rows
    const migrations = Object.entries(before).find(([table]) => table.includes('migrations'))?.[1];
    expect(migrations?.length).toBeGreaterThan(10);
    expect(await restored(archive, false)).toEqual(before);
  }, 300_000);
});
