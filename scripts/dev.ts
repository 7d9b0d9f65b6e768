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
// The dev server answers its demo accounts (public passwords) and the browser code's sources:
// it listens on this machine only unless asked otherwise.
if (!['127.0.0.1', '::1', 'localhost'].includes(config.host) && process.env.DEV_EXPOSE !== '1') {
  console.error(
    `The dev server listens on this machine only (HOST=${config.host} refused): its demo accounts' ` +
      'passwords are public. Set DEV_EXPOSE=1 as well to serve it to other machines.',
  );
  process.exit(1);
}
const dev = await startDevServer(config, { seedDemo: true });
const { booted } = dev;
printStarted(config, {
  url: dev.url,
  where: booted.database.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)',
  ms: Math.round(performance.now() - started),
  seeded: booted.seeded,
  demoLogins: booted.demoLogins,
});
console.log('Serving the browser code from its sources (Vite): a saved change shows in the open page.');
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => void dev.close().then(() => process.exit(0)));
}
