/**
 * `npm run dev`: the API with --watch on port 3000 and Vite's dev server (hot reload) on 5173,
 * which proxies /api to the API. Ctrl-C stops both.
 */
import { spawn } from 'node:child_process';

const children = [
  spawn(process.execPath, ['--watch', 'src/server/main.ts'], { stdio: 'inherit', env: process.env }),
  spawn(process.execPath, ['node_modules/vite/bin/vite.js'], { stdio: 'inherit', env: process.env }),
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
