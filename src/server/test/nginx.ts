/**
 * nginx in front of several instances, as README "Run several instances" sets it up: Debian's
 * binary, run as the current user with its own configuration, pid file, logs and temporary
 * folders in a temporary directory, never the system's. For the two-instance test and the bench.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';

export const NGINX = process.env.NGINX_BIN ?? '/usr/sbin/nginx';

export interface Nginx {
  url: string;
  /** The error log so far (an upstream marked down, a 502). */
  errors(): Promise<string>;
  stop(): Promise<void>;
}

/**
 * The upstream as the README gives it (docs/decisions/0035-several-instances.md): round robin,
 * connections kept alive; an instance that refuses a connection is taken out for 10 s and the
 * request goes to the next (`proxy_next_upstream error timeout`: nginx passes a POST on only when
 * it was never sent; one already sent to an instance that died answers 502, because it may have
 * been acted on: a booking or a payment is never sent twice by the proxy).
 */
export function nginxConfig(dir: string, port: number, upstreams: string[]): string {
  const asRoot = process.getuid?.() === 0;
  return `${asRoot ? `user ${userInfo().username};\n` : ''}worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream piste {
${upstreams.map((u) => `    server ${u} max_fails=1 fail_timeout=10s;`).join('\n')}
    keepalive 64;
  }
  server {
    listen 127.0.0.1:${port};
    client_max_body_size 25m;
    location / {
      proxy_pass http://piste;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_next_upstream error timeout;
      proxy_next_upstream_tries 2;
      proxy_read_timeout 60s;
    }
  }
}
`;
}

/** A free port in [from, to] (the range a part of the work was given), checked by binding it. */
export async function freePortIn(from: number, to: number): Promise<number> {
  for (let port = from; port <= to; port++) {
    const free = await new Promise<boolean>((resolve) => {
      const server = createServer();
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error(`no free port in ${from}-${to}`);
}

/** Starts nginx on `port` in front of `upstreams` (host:port each); resolves once it answers. */
export async function startNginx(port: number, upstreams: string[]): Promise<Nginx> {
  const dir = await mkdtemp(join(tmpdir(), 'piste-nginx-'));
  for (const sub of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) await mkdir(join(dir, sub));
  await writeFile(join(dir, 'nginx.conf'), nginxConfig(dir, port, upstreams));
  const child: ChildProcess = spawn(NGINX, ['-c', join(dir, 'nginx.conf'), '-p', dir, '-g', 'daemon off;'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const kill = () => child.kill('SIGTERM');
  process.once('exit', kill);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited (${child.exitCode}): ${stderr}`);
    const answered = await fetch(`${url}/api/v1/version/`).then(
      (res) => res.status === 200,
      () => false,
    );
    if (answered) break;
    if (Date.now() > deadline) throw new Error(`nginx did not answer on ${url}: ${stderr}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    errors: () => readFile(join(dir, 'error.log'), 'utf8').catch(() => ''),
    async stop() {
      process.removeListener('exit', kill);
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGQUIT');
        await exited;
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}
