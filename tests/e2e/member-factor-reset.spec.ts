import type { APIRequestContext, Page } from '@playwright/test';
import { generate } from 'otplib';
import { expect, test } from './fixtures.ts';
import '../../src/i18n/areas/sessions-dialog.ts';
import { demoLogin, type Login } from './helpers/accounts.ts';
import { accountOf, apiLogin, callApi, getApi } from './helpers/api.ts';
import { zh } from './helpers/login-page.ts';
import {
  addPasskeyByApi,
  localhost,
  type VirtualAuthenticator,
  virtualAuthenticator,
} from './helpers/passkeys.ts';
import { TOKEN_COOKIE } from './helpers/session.ts';
import { textsOf } from './helpers/sms.ts';
import { openSessionsDialog } from './helpers/sessions-dialog.ts';

// `multi` is a member of `demo`'s customer too: the member whose factor `demo` resets
test.use({ members: true });

/**
 * A customer's administrator resets a member's lost second factor (account menu → Sessions,
 * src/features/sessions-dialog/member-factors.tsx; server/areas/accounts/second-factor-reset.ts)
 * when the administrator's own only factor is a passkey: the reset is confirmed with the password
 * and the passkey's assertion for `customer-account/member-factor-reset-options` (challenge
 * purpose `factor_reset`), answered here by the DevTools protocol's virtual authenticator
 * (helpers/passkeys.ts), on the portal opened as `localhost` as in passkeys.spec.ts.
 */

type MemberList = {
  list: { uid: number; name: string; username: string; enabled: boolean }[];
  own_methods: string[];
};

interface Team {
  admin: Login;
  adminToken: string;
  member: { login: Login; username: string; uid: number; name: string };
  memberToken: string;
  authenticator: VirtualAuthenticator;
}

/** The members of the administrator's customer, as the API lists them. */
async function membersOf(request: APIRequestContext, token: string): Promise<MemberList> {
  const answer = await getApi<MemberList>(request, 'customer-account/member-factors', token);
  expect(answer.code).toBe(0);
  return answer.data;
}

/**
 * The test's own team: `demo` administers its customer, its only factor a passkey (added through
 * the API, held by the page's virtual authenticator); `multi`, a member, has an authenticator app
 * (turned on through the API, its first code computed by otplib). Both sessions are kept.
 */
async function makeTeam(page: Page, request: APIRequestContext, origin: string): Promise<Team> {
  const admin = demoLogin('demo');
  const adminToken = await apiLogin(request, admin);
  const key = await addPasskeyByApi(request, adminToken, admin.password, origin);
  const authenticator = await virtualAuthenticator(page, key);

  const login = demoLogin('multi');
  const memberToken = await apiLogin(request, login);
  const enrol = await callApi<{ secret: string }>(
    request,
    'user/second-factor-enrol',
    { password: login.password },
    memberToken,
  );
  expect(enrol.code).toBe(0);
  const confirmed = await callApi(
    request,
    'user/second-factor-confirm',
    { code: await generate({ secret: enrol.data.secret }) },
    memberToken,
  );
  expect(confirmed.code).toBe(0);

  const members = await membersOf(request, adminToken);
  expect(members.own_methods).toEqual(['passkey']);
  const listed = members.list.find((m) => m.username === login.username);
  expect(listed?.enabled).toBe(true);
  if (!listed) throw new Error(`${login.username} is no member of the administrator's customer`);
  return {
    admin,
    adminToken,
    member: { login, username: login.username, uid: listed.uid, name: listed.name },
    memberToken,
    authenticator,
  };
}

/** The administrator's page, signed in with the administrator's session, on the sessions dialog. */
async function openMembers(page: Page, local: URL, token: string) {
  await page.context().addCookies([{ name: TOKEN_COOKIE, value: token, url: local.origin, sameSite: 'Lax' }]);
  await page.goto(new URL('/home/index', local).href);
  const dialog = await openSessionsDialog(page);
  return dialog.getByRole('region', { name: zh('sessionsDialog.members.title') });
}

/** The customer's trail of the member's resets, as its administrator reads it. */
async function resetsInTrail(request: APIRequestContext, token: string, uid: number) {
  const answer = await request.get('/api/customer-audit/index.html', {
    params: { record_type: 'user', record: String(uid), action: 'second_factor_reset' },
    headers: { 'X-Token': token },
  });
  const trail = (await answer.json()) as {
    code: number;
    data: { list: Record<string, unknown>[] };
  };
  expect(trail.code).toBe(0);
  return trail.data.list;
}

const REASON = '成员手机丢失，已电话核实本人';

test('an administrator whose only factor is a passkey resets a member’s authenticator: confirmed with the passkey, the member’s factor gone, audited', async ({
  page,
  request,
  baseURL,
}) => {
  const local = localhost(baseURL);
  const { admin, adminToken, member, memberToken, authenticator } = await makeTeam(
    page,
    request,
    local.origin,
  );
  const members = await openMembers(page, local, adminToken);
  const row = members.getByRole('listitem').filter({ hasText: member.username });
  await expect(row).toContainText(`${member.username} · ${zh('sessionsDialog.members.on')}`);
  await row
    .getByRole('button', { name: zh('sessionsDialog.members.resetLabel', { name: member.name }) })
    .click();

  const form = members.getByRole('form', {
    name: zh('sessionsDialog.members.resetTitle', { name: member.name }),
  });
  // the administrator's only factor is the passkey: no code field, the key's button alone
  await expect(form.getByLabel(zh('sessionsDialog.members.code'))).toHaveCount(0);
  await expect(
    form.getByRole('button', { name: zh('sessionsDialog.members.confirm'), exact: true }),
  ).toHaveCount(0);
  await form.getByLabel(zh('sessionsDialog.members.reason')).fill(REASON);
  await form.getByLabel(zh('sessionsDialog.members.password')).fill(admin.password);
  await form.getByRole('button', { name: zh('sessionsDialog.members.confirmPasskey') }).click();

  // what the administrator sees: the notice, the form gone, the member without a factor to reset
  await expect(page.getByText(zh('sessionsDialog.members.done', { name: member.name }))).toBeVisible();
  await expect(form).toHaveCount(0);
  await expect(row).toContainText(`${member.username} · ${zh('sessionsDialog.members.off')}`);
  await expect(row.getByRole('button')).toHaveCount(0);
  // the virtual authenticator signed once
  const { credentials } = await authenticator.cdp.send('WebAuthn.getCredentials', {
    authenticatorId: authenticator.id,
  });
  expect(credentials.map((c) => c.signCount)).toEqual([1]);

  // the customer's trail: who reset whose factor, why, and the member's sessions ended
  const adminRow = (await membersOf(request, adminToken)).list.find((m) => m.username === admin.username);
  expect(await resetsInTrail(request, adminToken, member.uid)).toEqual([
    expect.objectContaining({
      record_type: 'user',
      record_id: String(member.uid),
      record_label: member.name,
      action: 'second_factor_reset',
      actor_kind: 'user',
      actor_id: adminRow?.uid,
      actor_name: adminRow?.name,
      reason: REASON,
      changes: [
        { field: 'second_factor', old: 'totp', new: null },
        // the customer the reset was for, by its name
        { field: 'customer', old: null, new: '恒瑞医药-肿瘤三期临床项目' },
        { field: 'sessions', old: null, new: 'ended' },
      ],
    }),
  ]);
  // the member: without a factor in the list, signed out, texted, and signed in by the password alone
  const after = await membersOf(request, adminToken);
  expect(after.list.find((m) => m.uid === member.uid)?.enabled).toBe(false);
  expect(await accountOf(request, memberToken)).toBe('');
  expect((await textsOf(request, member.username)).body).toContain('两步验证已由客户管理员重置');
  const signIn = await callApi<{ access_token?: string }>(request, 'user/login', member.login);
  expect([signIn.code, typeof signIn.data.access_token]).toEqual([0, 'string']);
});

test('when the administrator’s passkey refuses, nothing is reset and the form says so; confirmed again, it resets', async ({
  page,
  request,
  baseURL,
}) => {
  const local = localhost(baseURL);
  const { admin, adminToken, member, memberToken, authenticator } = await makeTeam(
    page,
    request,
    local.origin,
  );
  const members = await openMembers(page, local, adminToken);
  const row = members.getByRole('listitem').filter({ hasText: member.username });
  await row
    .getByRole('button', { name: zh('sessionsDialog.members.resetLabel', { name: member.name }) })
    .click();
  const form = members.getByRole('form', {
    name: zh('sessionsDialog.members.resetTitle', { name: member.name }),
  });
  await form.getByLabel(zh('sessionsDialog.members.reason')).fill(REASON);
  await form.getByLabel(zh('sessionsDialog.members.password')).fill(admin.password);

  // the authenticator cannot verify the person (a finger not recognised): the browser refuses
  await authenticator.cdp.send('WebAuthn.setUserVerified', {
    authenticatorId: authenticator.id,
    isUserVerified: false,
  });
  const confirm = form.getByRole('button', { name: zh('sessionsDialog.members.confirmPasskey') });
  await confirm.click();
  await expect(form.getByRole('alert')).toHaveText(zh('sessionsDialog.members.passkeyFailed'));
  // the form stays as typed, the member keeps the factor
  await expect(form.getByLabel(zh('sessionsDialog.members.reason'))).toHaveValue(REASON);
  await expect(form.getByLabel(zh('sessionsDialog.members.password'))).toHaveValue(admin.password);
  await expect(row).toContainText(`${member.username} · ${zh('sessionsDialog.members.on')}`);

  // and through the API: nothing reset, nothing recorded, the member's session goes on
  expect((await membersOf(request, adminToken)).list.find((m) => m.uid === member.uid)?.enabled).toBe(true);
  expect(await resetsInTrail(request, adminToken, member.uid)).toEqual([]);
  expect(await accountOf(request, memberToken)).toBe(member.username);
  const signIn = await callApi(request, 'user/login', member.login);
  expect(signIn.code).toBe(477);

  // the person verified again, the same form confirms: the reset goes through
  await authenticator.cdp.send('WebAuthn.setUserVerified', {
    authenticatorId: authenticator.id,
    isUserVerified: true,
  });
  await confirm.click();
  await expect(form).toHaveCount(0);
  await expect(row).toContainText(`${member.username} · ${zh('sessionsDialog.members.off')}`);
  expect(await resetsInTrail(request, adminToken, member.uid)).toHaveLength(1);
});
