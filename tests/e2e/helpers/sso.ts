import { type APIRequestContext, expect } from '@playwright/test';
import { publishTxt } from './dns.ts';

export type DomainProof = { domain: string; record_name: string; record_value: string; state: string };

/**
 * Saves the session customer's single sign-on through the portal's own call (`token` is its
 * administrator's) for the one `domain`, granting `grants`, and (unless `prove` is false) proves
 * the domain as its owner would: publishes the TXT record the configuration shows on the run's DNS
 * server and checks it (`sso-domain-check`). Answers the domain's proof as saved (still pending).
 */
export async function configureSso(
  request: APIRequestContext,
  token: string,
  config: { issuer: string; secret: string; domain: string; grants: number[]; prove?: boolean },
): Promise<DomainProof> {
  const headers = { 'x-token': token };
  const saved = await request.post('/api/customer-account/sso-config-update.html', {
    headers,
    data: {
      issuer: config.issuer,
      client_id: 'portal',
      client_secret: config.secret,
      domains: [config.domain],
      grants: config.grants,
    },
  });
  const answer = (await saved.json()) as {
    code: number;
    message: string;
    data: { domain_proofs: DomainProof[] };
  };
  expect(answer.code, answer.message).toBe(0);
  const proof = answer.data.domain_proofs.find((p) => p.domain === config.domain);
  if (!proof) throw new Error(`no proof of ${config.domain}`);
  expect(proof.state).toBe('pending');
  if (config.prove !== false) {
    publishTxt(proof.record_name, [proof.record_value]);
    const checked = await request.post('/api/customer-account/sso-domain-check.html', {
      headers,
      data: { domain: config.domain },
    });
    const result = (await checked.json()) as { code: number; message: string };
    expect(result.code, result.message).toBe(0);
  }
  return proof;
}
