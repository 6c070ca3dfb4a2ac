/** The server as its own process (`node src/server/main.ts`), for tests of what happens at start. */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

export interface ServerProcess {
  child: ChildProcess;
  /** Everything written to stdout and stderr so far. */
  output(): string;
  /** Resolves with the base URL once the server says it is running and answers /api/v1/version/. */
  ready: Promise<string>;
  stop(): Promise<void>;
}

/** What a command run to its end did. */
export interface Ran {
  code: number | null;
  /** stdout and stderr together, as they came. */
  output: string;
}

/** Runs a command to its end in `cwd` with exactly `env`; never throws for a failing exit. */
export async function runCommand(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<Ran> {
  const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  // 'close', not 'exit': after 'exit' the pipes may still hold what the command wrote last (an
  // output read at 'exit' came back empty under load)
  const [code] = (await once(child, 'close')) as [number | null];
  return { code, output };
}

export interface StartOptions {
  /** The installation to start (default: this checkout). */
  cwd?: string;
  /** The command (default: this Node running src/server/main.ts), e.g. ['npm', 'run', 'serve']. */
  command?: [string, ...string[]];
}

/** Starts `node src/server/main.ts` with exactly this environment (plus PATH and HOME): nothing
 * leaks in from the test runner's own, such as its NODE_ENV=test. */
export function startServer(
  env: Record<string, string>,
  timeoutMs = 90_000,
  options: StartOptions = {},
): ServerProcess {
  const [command, ...args] = options.command ?? [process.execPath, 'src/server/main.ts'];
  const child = spawn(command, args, {
    cwd: options.cwd ?? ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', PORT: '0', WEB_DIST: 'none', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    // its own process group: `npm run serve` starts node under npm, and stopping npm alone left
    // that server running after the test (stop() signals the whole group)
    detached: true,
  });
  let text = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    text += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    text += chunk.toString();
  });
  const exited = once(child, 'exit');

  const ready = (async () => {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${text}`);
      const port = /is running on http:\/\/localhost:(\d+)/.exec(text)?.[1];
      if (port) {
        const base = `http://127.0.0.1:${port}`;
        const res = await fetch(`${base}/api/v1/version/`).catch(() => null);
        if (res?.status === 200) return base;
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`server not ready after ${timeoutMs} ms:\n${text}`);
  })();
  ready.catch(() => {}); // the caller awaits it; never an unhandled rejection

  return {
    child,
    output: () => text,
    ready,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        signalGroup(child.pid, 'SIGTERM');
        await exited;
      }
      // whatever the command started under it ends too (SIGKILL after 15 s)
      const deadline = Date.now() + 15_000;
      while (groupAlive(child.pid)) {
        if (Date.now() > deadline) {
          signalGroup(child.pid, 'SIGKILL');
          break;
        }
        await new Promise((r) => setTimeout(r, 100));
      }
    },
  };
}

/** Signals every process of the group the child leads (spawned with detached: true). */
function signalGroup(pid: number | undefined, signal: NodeJS.Signals): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, signal);
  } catch {
    // the group has gone
  }
}

/** Whether any process of the child's group is still running. */
export function groupAlive(pid: number | undefined): boolean {
  if (pid === undefined) return false;
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}
