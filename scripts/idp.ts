// `npm run idp`: a real OpenID provider on this computer, to try the portal's single sign-on by
// hand (docs/decisions/single-sign-on.md): oidc-provider, as the tests start it
// (server/testing/oidc-test-provider.ts), with one client registered for the portal's redirect URI.
// Its sign-in page takes any e-mail and any password. Development only: nothing here is a provider
// to deploy.
//
// A domain signs in only once proven by a DNS TXT record, so this also starts a DNS server on the
// loopback (server/testing/dns-test-server.ts, 127.0.0.1:9453, `IDP_DNS_PORT`) for the portal to
// ask (`SSO_DNS_SERVERS=127.0.0.1:9453 npm start`): paste the record's value the form shows here,
// and it answers it for every `_lp-portal-verification.<domain>` (this computer only: it is not
// your domain's DNS, and a production portal asks the system's resolvers).
//
//   npm run idp                         on http://127.0.0.1:9400, for the portal on http://127.0.0.1:8080
//   IDP_PORT=9500 PUBLIC_URL=http://localhost:3000 npm run idp
import { randomBytes } from 'node:crypto';
import readline from 'node:readline';
import { DOMAIN_PROOF_LABEL, DOMAIN_PROOF_PREFIX } from '../src/contract/single-sign-on/schemas.ts';
import { startTestDnsServer } from '../server/testing/dns-test-server.ts';
import { startTestProvider } from '../server/testing/oidc-test-provider.ts';
import { redirectUri } from '../server/areas/accounts/single-sign-on.ts';

const port = Number(process.env.IDP_PORT ?? 9400);
const portal = (process.env.PUBLIC_URL || `http://127.0.0.1:${process.env.PORT || 8080}`).replace(/\/$/, '');
const alias = portal.replace('//127.0.0.1', '//localhost');
const client = {
  client_id: 'lp-portal-dev',
  client_secret: process.env.IDP_CLIENT_SECRET ?? randomBytes(18).toString('base64url'),
  // the portal's address as typed in either form (127.0.0.1 or localhost): a browser keeps them apart
  redirect_uris: [...new Set([redirectUri(portal), redirectUri(alias)])],
};
const provider = await startTestProvider([client], { port });
// the proofs pasted so far: answered at every proof name (one developer, one computer)
const proofs: string[] = [];
const dns = await startTestDnsServer({
  port: Number(process.env.IDP_DNS_PORT ?? 9453),
  lookup: (name) => (name.startsWith(`${DOMAIN_PROOF_LABEL.toLowerCase()}.`) ? proofs : undefined),
});

console.log(`An OpenID provider for trying single sign-on is on ${provider.issuer} (Ctrl-C stops it).

In the portal (${portal}), sign in as demo (Demo@2026pass), open the account menu → Sessions
(登录会话) → Single sign-on, and save:
  Identity provider (issuer)  ${provider.issuer}
  Client ID                   ${client.client_id}
  Client secret               ${client.client_secret}
  E-mail domains              example.com
The domain is pending until proven. A DNS server for that is on ${dns.server}: start the portal
with SSO_DNS_SERVERS=${dns.server} (e.g. SSO_DNS_SERVERS=${dns.server} npm start), copy the TXT
record's value the form shows (${DOMAIN_PROOF_PREFIX}…), paste it here and press Enter, then
choose "Check now" in the form.
Then sign out, type an address at that domain as the username (e.g. ana@example.com) and choose
to sign in with your organisation: this provider's page takes any password. The first sign-in
makes an account in the customers the form grants.`);

readline.createInterface({ input: process.stdin }).on('line', (line) => {
  const value = line.trim().split(/\s+/).pop() ?? '';
  if (!value.startsWith(DOMAIN_PROOF_PREFIX)) {
    if (value) console.log(`Not a proof: paste the value that begins with ${DOMAIN_PROOF_PREFIX}`);
    return;
  }
  if (!proofs.includes(value)) proofs.push(value);
  console.log(`Published ${value} at every ${DOMAIN_PROOF_LABEL}.<domain>: choose "Check now" in the form.`);
});

for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => void Promise.all([provider.close(), dns.close()]).then(() => process.exit(0)));
