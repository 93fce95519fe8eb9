// `npm run dev`: the API with reload (tsx watch) on :3000 and Vite with hot reload on :5173,
// which proxies /api to the API. Open http://localhost:5173.
import './check-node.mjs';
import { spawn } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
const env = { ...process.env, APP_URL: process.env.APP_URL ?? 'http://localhost:5173' };
const children = [
  spawn('npx', ['tsx', 'watch', 'apps/server/src/main.ts'], { cwd: root, stdio: 'inherit', env }),
  spawn('npx', ['vite', '--port', '5173'], { cwd: `${root}apps/web`, stdio: 'inherit', env }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', stop);
