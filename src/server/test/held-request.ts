/** A request a test holds in flight: its headers and half its body are sent, the rest when the
 * test says (graceful-shutdown tests: SIGTERM arrives while it is under way). */
import { connect, type Socket } from 'node:net';

export interface HeldRequest {
  /** Sends the rest of the body; resolves with the raw answer (status line, headers, body). */
  finish(): Promise<string>;
  /** Drops the connection without finishing. */
  abandon(): void;
}

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Opens a connection and sends a JSON POST's headers and the first half of its body. Resolves
 * once the server has had time to read the headers (the request is then in flight). */
export async function holdPost(port: number, path: string, payload: unknown): Promise<HeldRequest> {
  const body = Buffer.from(JSON.stringify(payload));
  const half = Math.floor(body.length / 2);
  const socket: Socket = connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  let answer = '';
  socket.on('data', (chunk: Buffer) => {
    answer += chunk.toString();
  });
  const ended = new Promise<string>((resolve, reject) => {
    socket.once('close', () => resolve(answer));
    socket.once('error', reject);
  });
  ended.catch(() => {}); // awaited through finish()
  socket.write(
    `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
  );
  socket.write(body.subarray(0, half));
  // the server parses the headers and starts the request (routing, hooks) as they arrive
  await new Promise((r) => setTimeout(r, 300));
  return {
    finish: async () => {
      // write, not end: a client's half-close would make Node abort the request (no
      // httpAllowHalfOpen); the server closes the connection after its answer (Connection: close)
      socket.write(body.subarray(half));
      return ended;
    },
    abandon: () => socket.destroy(),
  };
}

/** Reads a raw HTTP/1.1 answer (Content-Length bodies). */
export function parseAnswer(raw: string): RawAnswer {
  const [head = '', ...rest] = raw.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const at = line.indexOf(':');
    if (at > 0) headers[line.slice(0, at).trim().toLowerCase()] = line.slice(at + 1).trim();
  }
  return { status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') };
}

/** Resolves with the error code when a new connection to the port fails (ECONNREFUSED once the
 * listening socket is closed), or 'connected' when it is accepted. */
export function tryConnect(port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}

/** Tries new connections for up to `ms` until one is refused; returns the last outcome
 * ('ECONNREFUSED' once the server stopped listening). */
export async function refusedWithin(port: number, ms: number): Promise<string> {
  const deadline = Date.now() + ms;
  let outcome = await tryConnect(port);
  while (outcome !== 'ECONNREFUSED' && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 20));
    outcome = await tryConnect(port);
  }
  return outcome;
}
