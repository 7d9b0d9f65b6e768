import { startThrowawayPostgres } from './postgres.mjs';

/**
 * vitest's global set-up of the `postgres` project (vitest.config.ts): the server's DATABASE_URL
 * path (`server/**\/*.pg.test.ts`) runs against a throw-away PostgreSQL cluster (scripts/postgres.mjs),
 * or against TEST_DATABASE_URL when given (an empty database: the tests migrate and seed it).
 * The URL reaches the tests as DATABASE_URL; the cluster is stopped and removed after them.
 */
export default async function setup() {
  const given = process.env.TEST_DATABASE_URL;
  const server = given ? null : await startThrowawayPostgres();
  process.env.DATABASE_URL = given ?? server.url;
  console.log(`PostgreSQL for the tests: ${process.env.DATABASE_URL}`);
  return async () => {
    await server?.stop();
  };
}
