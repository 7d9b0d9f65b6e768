import { expect, test } from './fixtures.ts';
import { demoLogin } from './helpers/accounts.ts';
import { apiLogin } from './helpers/api.ts';
import { zh } from './helpers/login-page.ts';
import { enterPortal, signInByApi } from './helpers/session.ts';
import { configureSso } from './helpers/sso.ts';
import '../../src/i18n/areas/sessions-dialog.ts';
import '../../src/i18n/areas/single-sign-on.ts';
import { openSessionsDialog } from './helpers/sessions-dialog.ts';

/**
 * SCIM provisioning end to end (issue 34): `demo`, the tenant's administrator, has single sign-on
 * saved; in the sessions dialog they issue the provisioning token, see it this once, and the
 * provider's SCIM client (this spec's request context) provisions a person with it, then ends
 * them. Revoking the token in the dialog makes the next SCIM call a 401.
 */

test('an administrator issues the SCIM token in the sessions dialog; the provider provisions and ends a person with it', async ({
  page,
  request,
  tenant,
}) => {
  const domain = `scim-${tenant.tag}.example`.toLowerCase();
  const token = await apiLogin(request, demoLogin('demo'));
  const headers = { 'x-token': token };
  const read = await request.get('/api/customer-account/sso-config.html', { headers });
  const config = (await read.json()) as { data: { grantable: Array<{ cu_id: number }> } };
  // the provider's address is never called: SCIM needs the configuration and its proven domain
  await configureSso(request, token, {
    issuer: 'https://idp.example.com',
    secret: 'secret-of-the-scim-spec',
    domain,
    grants: config.data.grantable.slice(0, 1).map((c) => c.cu_id),
  });

  await signInByApi(page, demoLogin('demo'));
  await enterPortal(page);
  const dialog = await openSessionsDialog(page);
  const scim = dialog.getByRole('region', { name: zh('sso.scim.title') });
  await expect(scim).toContainText('/api/scim/v2');
  await expect(scim).toContainText(zh('sso.scim.none'));
  await scim.getByRole('button', { name: zh('sso.scim.issue') }).click();
  const shown = scim.getByLabel(zh('sso.scim.token'));
  await expect(shown).toHaveValue(/^lp_scim_/);
  const secret = await shown.inputValue();
  await expect(scim.getByRole('button', { name: zh('sso.scim.rotate') })).toBeVisible();

  // the provider's SCIM client
  const bearer = { authorization: `Bearer ${secret}`, 'content-type': 'application/scim+json' };
  const userName = `ada@${domain}`;
  const made = await request.post('/api/scim/v2/Users', {
    headers: bearer,
    data: {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
      userName,
      name: { givenName: 'Ada', familyName: 'Lovelace' },
      active: true,
    },
  });
  expect(made.status()).toBe(201);
  const user = (await made.json()) as { id: string; active: boolean };
  expect(user.active).toBe(true);
  const ended = await request.patch(`/api/scim/v2/Users/${user.id}`, {
    headers: bearer,
    data: {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
      Operations: [{ op: 'replace', path: 'active', value: false }],
    },
  });
  expect(((await ended.json()) as { active: boolean }).active).toBe(false);

  // the dialog counts them; revoking the token refuses the provider's next call
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await openSessionsDialog(page);
  await expect(scim).toContainText(zh('sso.scim.count', { count: 1 }));
  await expect(scim.getByLabel(zh('sso.scim.token'))).toHaveCount(0);
  await scim.getByRole('button', { name: zh('sso.scim.revoke') }).click();
  await expect(scim).toContainText(zh('sso.scim.none'));
  expect((await request.get('/api/scim/v2/Users', { headers: bearer })).status()).toBe(401);
});
