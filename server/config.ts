import path from 'node:path';

/** Server settings, read once from the environment. */
export interface ServerConfig {
  port: number;
  host: string;
  /** PGlite data folder (ignored when databaseUrl is set). */
  dataDir: string;
  /** `postgres://…` to use a PostgreSQL server instead of embedded PGlite. */
  databaseUrl: string | undefined;
  /** Folder of the built browser assets (`dist/`). */
  distDir: string;
  /** Origins allowed to call the chat API cross-origin. */
  corsOrigins: string[];
  /** Shared secret with which other provider systems sign server-to-server calls. */
  integrationSecret: string;
  servicePhone: string;
  serviceWebsite: string;
  /** Largest accepted request body in bytes (uploads have their own limit). */
  bodyLimit: number;
  /** Set in tests and benchmarks: disables per-IP rate limits that would get in the way. */
  production: boolean;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const root = process.cwd();
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '127.0.0.1',
    dataDir: path.resolve(root, env.DATA_DIR ?? 'data'),
    databaseUrl: env.DATABASE_URL || undefined,
    distDir: path.resolve(root, env.DIST_DIR ?? 'dist'),
    corsOrigins: (env.CORS_ORIGINS ?? 'http://127.0.0.1:8081,http://localhost:8081')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    integrationSecret: env.INTEGRATION_SECRET ?? 'dev-integration-secret-change-me',
    servicePhone: env.SERVICE_PHONE ?? '400-820-6088',
    serviceWebsite: env.SERVICE_WEBSITE ?? 'https://www.lp-pharma-logistics.cn',
    bodyLimit: Number(env.BODY_LIMIT ?? 256 * 1024),
    production: env.NODE_ENV === 'production',
  };
}
