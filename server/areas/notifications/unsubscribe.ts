import type { Lang } from '../../../src/contract/messages.ts';
import { langOf } from '../../../src/contract/messages.ts';
import type { NotificationKind } from '../../../src/contract/notifications/schemas.ts';
import { checkSigned, sign, signingKey } from '../../core/signed-links.ts';
import type { DB } from '../../db/database.ts';
import { apiAnswer } from '../../http/answer.ts';
import type { AppDeps } from '../../http/env.ts';
import { escapeHtml } from '../order-exports/order-summary.ts';
import { userChannels } from './channels.ts';
import { kindName } from './mail-content.ts';

/**
 * The unsubscribe link of every notification mail: the user, the customer and the kinds it stops
 * mailing, signed (HMAC, core/signed-links.ts) for a year, so it works without signing in and a
 * link altered in any part (another user, customer or kind) matches no signature. Opening it
 * shows a page that asks; the page's button, or a mail client's one-click POST (RFC 8058, from
 * the `List-Unsubscribe` header), turns mail off. Not the GET itself: mail filters and link
 * scanners open every link of a message, and would unsubscribe users who never asked.
 */
export const UNSUBSCRIBE_TTL_MS = 365 * 24 * 3_600_000;

const purposeOf = (cuId: number, kinds: readonly NotificationKind[]) =>
  `notification-unsubscribe:${cuId}:${[...kinds].sort().join(',')}`;

export interface UnsubscribeLink {
  id: number;
  cu: number;
  kinds: NotificationKind[];
  expires: number;
  signature: string;
}

/** The absolute unsubscribe link of user `uid` for `kinds` on customer `cuId`. */
export async function unsubscribeUrl(
  deps: AppDeps,
  uid: number,
  cuId: number,
  kinds: readonly NotificationKind[],
  now: Date,
): Promise<string> {
  const sorted = [...new Set(kinds)].sort();
  const signed = sign(await signingKey(deps.db), purposeOf(cuId, sorted), uid, now, UNSUBSCRIBE_TTL_MS);
  const query = new URLSearchParams({
    id: String(uid),
    cu: String(cuId),
    kinds: sorted.join(','),
    expires: String(signed.expires),
    signature: signed.signature,
  });
  return `${deps.config.publicUrl}/api/notification/unsubscribe.html?${query}`;
}

/**
 * The pages' own CSP: their inline styles apply, nothing loads or runs, the one form posts here
 * only, and no one frames them. `no-referrer`: the link is its own permission.
 */
const PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

const WORDS = {
  'zh-CN': {
    title: '邮件通知',
    ask: (kinds: string) => `不再通过邮件接收以下通知？${kinds}`,
    button: '不再接收邮件',
    done: (kinds: string) => `您将不再通过邮件收到以下通知：${kinds}。`,
    already: (kinds: string) => `您已不再通过邮件接收以下通知：${kinds}。`,
    portal: '您在门户中仍会看到这些通知；可随时在门户的通知设置中更改。',
    bad: '此链接无效。请在门户的通知设置中更改邮件通知。',
    expired: '此链接已过期。请在门户的通知设置中更改邮件通知。',
    open: '打开门户',
  },
  en: {
    title: 'Email notifications',
    ask: (kinds: string) => `Stop getting these by email? ${kinds}`,
    button: 'Stop these emails',
    done: (kinds: string) => `You will no longer get these by email: ${kinds}.`,
    already: (kinds: string) => `You no longer get these by email: ${kinds}.`,
    portal:
      'What the portal shows you stays as it is; change it at any time in the portal’s notification settings.',
    bad: 'This link is not valid. Change your email notifications in the portal’s notification settings.',
    expired: 'This link has expired. Change your email notifications in the portal’s notification settings.',
    open: 'Open the portal',
  },
} as const;

function page(deps: AppDeps, lang: Lang, body: string, status = 200): Response {
  const w = lang === 'en' ? WORDS.en : WORDS['zh-CN'];
  const html = [
    `<!doctype html><html lang="${lang}"><head><meta charset="utf-8">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(w.title)}</title></head>`,
    '<body style="font-family:sans-serif;color:#222;max-width:36em;margin:48px auto;padding:0 16px;line-height:1.6">',
    `<h1 style="font-size:20px">${escapeHtml(w.title)}</h1>`,
    body,
    `<p><a href="${escapeHtml(`${deps.config.publicUrl}/`)}" style="color:#1557b0">${escapeHtml(w.open)}</a></p>`,
    '</body></html>',
  ].join('');
  return apiAnswer(
    deps.config,
    html,
    {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'private, no-store',
      'content-security-policy': PAGE_CSP,
      'referrer-policy': 'no-referrer',
      'x-frame-options': 'DENY',
    },
    status,
  );
}

/** The link's user's language (their mail's), else the caller's. */
async function langOfUser(db: DB, uid: number, fallback: Lang): Promise<Lang> {
  const row = await db
    .selectFrom('notification_settings')
    .select('lang')
    .where('uid', '=', uid)
    .executeTakeFirst();
  return row ? langOf(row.lang) : fallback;
}

/** The link checked: its user's language when genuine, else a 403 page in the caller's. */
async function checked(
  deps: AppDeps,
  link: UnsubscribeLink,
  lang: Lang,
  now: Date,
): Promise<{ lang: Lang } | Response> {
  const check = checkSigned(await signingKey(deps.db), purposeOf(link.cu, link.kinds), link, now);
  if (check === 'ok') return { lang: await langOfUser(deps.db, link.id, lang) };
  const w = lang === 'en' ? WORDS.en : WORDS['zh-CN'];
  return page(deps, lang, `<p>${escapeHtml(check === 'expired' ? w.expired : w.bad)}</p>`, 403);
}

/** Which of the link's kinds still come by mail to its user on its customer. */
async function stillMailed(db: DB, link: UnsubscribeLink): Promise<NotificationKind[]> {
  const channels = await userChannels(db, link.id, link.cu);
  return channels.filter((c) => c.email && link.kinds.includes(c.kind)).map((c) => c.kind);
}

const names = (kinds: readonly NotificationKind[], lang: Lang) =>
  kinds.map((k) => `“${kindName(k, lang)}”`).join(lang === 'en' ? ', ' : '、');

/** GET: a page that asks (its button posts the same link), or says it is done already. Changes nothing. */
export async function unsubscribePage(
  deps: AppDeps,
  link: UnsubscribeLink,
  callerLang: Lang,
  now: Date,
): Promise<Response> {
  const ok = await checked(deps, link, callerLang, now);
  if (ok instanceof Response) return ok;
  const { lang } = ok;
  const w = lang === 'en' ? WORDS.en : WORDS['zh-CN'];
  const e = escapeHtml;
  const mailed = await stillMailed(deps.db, link);
  if (mailed.length === 0)
    return page(deps, lang, `<p>${e(w.already(names(link.kinds, lang)))}</p><p>${e(w.portal)}</p>`);
  const query = new URLSearchParams({
    id: String(link.id),
    cu: String(link.cu),
    kinds: link.kinds.join(','),
    expires: String(link.expires),
    signature: link.signature,
  });
  return page(
    deps,
    lang,
    [
      `<p>${e(w.ask(names(mailed, lang)))}</p>`,
      `<form method="post" action="unsubscribe.html?${e(query.toString())}">`,
      '<input type="hidden" name="List-Unsubscribe" value="One-Click">',
      `<button type="submit" style="font-size:16px;padding:8px 16px">${e(w.button)}</button>`,
      '</form>',
      `<p>${e(w.portal)}</p>`,
    ].join(''),
  );
}

/**
 * POST: mail of the link's kinds off for its user on its customer (`notification_prefs.email`
 * false; the portal channel and the digest choice kept as they were, the customer's default
 * when the user had none). Mail jobs still waiting are skipped by the sender, which reads the
 * preferences when it sends.
 */
export async function unsubscribe(
  deps: AppDeps,
  link: UnsubscribeLink,
  callerLang: Lang,
  now: Date,
): Promise<Response> {
  const ok = await checked(deps, link, callerLang, now);
  if (ok instanceof Response) return ok;
  const { lang } = ok;
  const w = lang === 'en' ? WORDS.en : WORDS['zh-CN'];
  await deps.db.transaction().execute(async (trx) => {
    const channels = await userChannels(trx, link.id, link.cu);
    for (const c of channels.filter((k) => link.kinds.includes(k.kind)))
      await trx
        .insertInto('notification_prefs')
        .values({
          uid: link.id,
          cu_id: link.cu,
          kind: c.kind,
          portal: c.portal,
          email: false,
          digest: c.digest,
        })
        .onConflict((oc) => oc.columns(['uid', 'cu_id', 'kind']).doUpdateSet({ email: false }))
        .execute();
  });
  return page(
    deps,
    lang,
    `<p>${escapeHtml(w.done(names(link.kinds, lang)))}</p><p>${escapeHtml(w.portal)}</p>`,
  );
}
