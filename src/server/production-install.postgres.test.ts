/**
 * Build once, run anywhere: scripts/production-install.sh (what the Dockerfile runs) on a copy of
 * this working tree, then the result started as production starts it (`npm run serve`,
 * NODE_ENV=production) on a new PostgreSQL database, with the production dependencies only.
 * api-postgres only: it needs a PostgreSQL server, and it is slow (a copy of node_modules, a build).
 */
import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SMTPServer } from 'smtp-server';
import { afterAll, describe, expect, it } from 'vitest';
import { groupAlive, type ServerProcess, startServer } from './test/processes.ts';
import { createEmptyDatabase, dropDatabase } from './test/scratch-databases.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const DATABASE = `piste_deploy_production_${process.pid}`;
const NAME = 'Fenland Ski Racing Club';

let copy: string | undefined;
let server: ServerProcess | undefined;

afterAll(async () => {
  await server?.stop();
  await dropDatabase(DATABASE);
  if (copy) await rm(copy, { recursive: true, force: true });
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

async function run(command: string, args: string[], cwd: string): Promise<{ code: number | null; output: string }> {
  const child = spawn(command, args, { cwd, env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, output };
}

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

    const url = await createEmptyDatabase(DATABASE);
    server = startServer(
      {
        NODE_ENV: 'production',
        DATABASE_URL: url,
        JWT_SECRET: '9b2e7f41c6a83d05e1f7a29c4b6d8e03a5c7f91b2d4e6a80c3f5b7d9e1a2c4f6',
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
