import path from 'node:path';
import { CAPTCHA_ALPHABET } from './services/captcha-font.ts';

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
  /**
   * Test only (`CAPTCHA_TEST_ANSWER`): every captcha shows and accepts this text, so that
   * end-to-end tests can pass the captcha without reading it. Refused in production.
   */
  captchaTestAnswer: string | undefined;
}

/** Throws when `CAPTCHA_TEST_ANSWER` is set in production or is not captcha text. */
function captchaTestAnswer(env: NodeJS.ProcessEnv): string | undefined {
  const answer = env.CAPTCHA_TEST_ANSWER;
  if (answer === undefined || answer === '') return undefined;
  if (env.NODE_ENV === 'production') {
    throw new Error(
      'CAPTCHA_TEST_ANSWER is set with NODE_ENV=production: it fixes every captcha answer and is for tests only; unset it',
    );
  }
  if (!new RegExp(`^[${CAPTCHA_ALPHABET}]{4,8}$`).test(answer)) {
    throw new Error(`CAPTCHA_TEST_ANSWER must be 4 to 8 characters of ${CAPTCHA_ALPHABET}`);
  }
  return answer;
}

/** The settings from the environment; throws on a setting the server must not start with. */
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
    captchaTestAnswer: captchaTestAnswer(env),
  };
}
