import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');

/** `npm run idp`'s script on a free port; resolves with the issuer it prints and its whole text. */
async function startIdp(
  env: Record<string, string>,
): Promise<{ child: ChildProcess; issuer: string; text: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/idp.ts'], {
    cwd: root,
    env: { ...process.env, IDP_PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  const issuer = await new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
      // the whole instructions are printed in one write
      const found = /is on (http:\/\/127\.0\.0\.1:\d+) /.exec(text);
      if (found && text.includes('makes an account')) resolve(found[1] as string);
    });
    child.once('exit', (code) =>
      reject(new Error(`npm run idp exited (${code}) before it printed its issuer`)),
    );
  });
  return { child, issuer, text };
}

/** An authorization request of the portal's client, as the portal's sign-in would send it. */
const authorize = (issuer: string, redirectUri: string) =>
  fetch(
    `${issuer}/auth?${new URLSearchParams({
      client_id: 'lp-portal-dev',
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: 'openid email profile',
      state: 's'.repeat(16),
      nonce: 'n'.repeat(16),
      code_challenge: 'c'.repeat(43),
      code_challenge_method: 'S256',
    })}`,
    { redirect: 'manual' },
  );

describe('npm run idp', () => {
  let child: ChildProcess | null = null;
  afterEach(async () => {
    if (child && child.exitCode === null) {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
    child = null;
  });

  it('serves a provider whose client takes the portal’s redirect URI, says what to save, and stops on SIGTERM', async () => {
    // no PUBLIC_URL: the portal of `npm start`, http://127.0.0.1:8080
    const started = await startIdp({ PUBLIC_URL: '', PORT: '' });
    child = started.child;
    expect(started.text).toContain(`Identity provider (issuer)  ${started.issuer}`);
    expect(started.text).toContain('Client ID                   lp-portal-dev');
    // a fresh secret at each start (none given)
    expect(/Client secret +(\S+)/.exec(started.text)?.[1]).toMatch(/^[\w-]{24}$/);

    const discovery = (await (await fetch(`${started.issuer}/.well-known/openid-configuration`)).json()) as {
      issuer: string;
    };
    expect(discovery.issuer).toBe(started.issuer);
    // the portal's address and its localhost twin go on to the provider's sign-in page…
    for (const uri of ['http://127.0.0.1:8080/login', 'http://localhost:8080/login']) {
      const answer = await authorize(started.issuer, uri);
      expect(answer.status).toBe(303);
      expect(answer.headers.get('location')).toMatch(/^\/interaction\//);
    }
    // …another address is refused by the provider, not sent a code
    const foreign = await authorize(started.issuer, 'http://127.0.0.1:9999/login');
    expect(foreign.status).toBe(400);
    expect(foreign.headers.get('location')).toBeNull();

    child.kill('SIGTERM');
    const [code] = (await once(child, 'exit')) as [number | null];
    expect(code).toBe(0);
  });
});
