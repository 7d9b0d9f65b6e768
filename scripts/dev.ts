// `npm run dev`: the portal from its sources (scripts/dev-server.ts) with the demo data seeded into
// the development database, as `npm start` does; a saved change shows in the open page at once.
import { loadConfig, productionProblems } from '../server/config.ts';
import { printStarted } from '../server/serve-process.ts';
import { startDevServer } from './dev-server.ts';

const started = performance.now();
const config = loadConfig();
if (config.production || productionProblems(config).length) {
  console.error('The dev server is for development (NODE_ENV=production runs `npm start`).');
  process.exit(1);
}
const dev = await startDevServer(config, { seedDemo: true });
const { booted } = dev;
printStarted(config, {
  url: dev.url,
  where: booted.database.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)',
  ms: Math.round(performance.now() - started),
  seeded: booted.seeded,
  demoAccounts: booted.demoAccounts,
});
console.log('Serving the browser code from its sources (Vite): a saved change shows in the open page.');
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => void dev.close().then(() => process.exit(0)));
}
