import { once } from 'node:events';
import { createServer, type Server } from 'node:net';

/**
 * A PostgreSQL stand-in that refuses every password (SQLSTATE 28P01), as a server with password
 * authentication answers a wrong one: the test server trusts every local connection, so a wrong
 * password cannot be provoked on it. `port` once listening; `close` when done.
 */
export async function passwordRefuser(): Promise<{ port: number; close: () => Promise<void> }> {
  const server: Server = createServer((socket) => {
    socket.once('data', () => {
      const fields = Buffer.from(
        'SFATAL\0VFATAL\0C28P01\0Mpassword authentication failed for user "piste"\0\0',
        'utf8',
      );
      const header = Buffer.alloc(5);
      header.write('E', 0);
      header.writeInt32BE(fields.length + 4, 1);
      socket.end(Buffer.concat([header, fields]));
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    port: (server.address() as { port: number }).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
