// `npm start`: builds the browser assets when they are missing or older than the sources
// (scripts/build-stamp.mjs), then runs the server with the demo accounts seeded into an empty
// development database (a production start, NODE_ENV=production, never seeds: server/boot.ts).
import { spawn, spawnSync } from 'node:child_process';
import { buildIsCurrent } from './build-stamp.mjs';

const started = performance.now();
if (buildIsCurrent()) {
  console.log('The browser build is current (dist/); not building again.');
} else {
  console.log('Building the browser assets (dist/)…');
  const build = spawnSync('npm', ['run', 'build', '--silent'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
  console.log(`Built in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
}

const production = process.env.NODE_ENV === 'production';
const args = ['--import', 'tsx', 'server/main.ts', ...(production ? [] : ['--seed-demo'])];
const server = spawn(process.execPath, args, { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
