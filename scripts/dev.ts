/**
 * `npm run dev`: the API with --watch on port 3000, Vite's dev server (hot reload) on 5173, which
 * proxies /api to the API, and the server-render build (`vite build --ssr --watch`), which writes
 * the e-mail templates to {WEB_DIST}-ssr/emails.js and again on every change: the API runs
 * TypeScript without a JSX step and sends mail through that file (server/mail/render.ts). Ctrl-C
 * stops all three.
 */
import { spawn } from 'node:child_process';

const children = [
  spawn(process.execPath, ['--watch', 'src/server/main.ts'], { stdio: 'inherit', env: process.env }),
  spawn(process.execPath, ['node_modules/vite/bin/vite.js'], { stdio: 'inherit', env: process.env }),
  spawn(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--ssr', '--watch', '--logLevel', 'warn'], {
    stdio: 'inherit',
    env: process.env,
  }),
];

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    if (code && code !== 0) {
      stop();
      process.exitCode = code;
    }
  });
