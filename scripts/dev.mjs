// `npm run dev`: the API server (restarting on change) and Vite's dev server with hot reload.
// Open http://localhost:5173; Vite forwards /api to the server on :3000.
import { spawn } from 'node:child_process';

const env = { ...process.env, APP_URL: process.env.APP_URL ?? 'http://localhost:5173' };
const children = [
  spawn('npm', ['run', 'dev', '-w', '@soulpunch/server'], { stdio: 'inherit', env }),
  spawn('npm', ['run', 'dev', '-w', '@soulpunch/web'], { stdio: 'inherit', env }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) {
  child.on('exit', (code) => {
    if (!code) return;
    stop();
    process.exit(code);
  });
}
