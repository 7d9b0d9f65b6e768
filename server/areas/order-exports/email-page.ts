import { Code } from '../../../src/contract/codes.ts';
import type { Lang } from '../../../src/contract/messages.ts';
import { ApiError } from '../../core/errors.ts';
import { checkSigned, sign, signingKey } from '../../core/signed-links.ts';
import { apiAnswer } from '../../http/answer.ts';
import type { AppDeps } from '../../http/env.ts';
import { renderSummary, summaryOrder } from './order-summary.ts';

/** A preview link works for 10 minutes: the dialog asks for a new one each time it shows one. */
export const EMAIL_PAGE_TTL_MS = 10 * 60 * 1000;

/** The link's purpose names the customer account and the language: a link signed for one is no other's. */
const purposeOf = (cuId: number, lang: Lang) => `email-page:${cuId}:${lang}`;

/**
 * The preview's own CSP: the email's inline styles apply (in a frame, the portal page's CSP
 * would block them), nothing else loads or runs; framed by the portal only.
 */
const PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'self'; sandbox";

/** `/api/common/email-page.html?…`: the summary of order `id` of `cuId` in `lang`, good for 10 minutes. */
export async function signEmailPage(deps: AppDeps, cuId: number, id: number, lang: Lang, now: Date) {
  const signed = sign(await signingKey(deps.db), purposeOf(cuId, lang), id, now, EMAIL_PAGE_TTL_MS);
  const query = new URLSearchParams({
    id: String(id),
    cu: String(cuId),
    lang,
    expires: String(signed.expires),
    signature: signed.signature,
  });
  return `/api/common/email-page.html?${query}`;
}

/** The page of a signed link: 403 when altered or expired, 404 when the order is gone. */
export async function emailPage(
  deps: AppDeps,
  link: { id: number; cu: number; lang: Lang; expires: number; signature: string },
  now: Date,
): Promise<Response> {
  const check = checkSigned(await signingKey(deps.db), purposeOf(link.cu, link.lang), link, now);
  if (check !== 'ok') throw new ApiError(Code.forbidden, 'This preview link is not valid or has expired');
  const { html } = renderSummary(await summaryOrder(deps.db, link.cu, link.id), link.lang);
  return apiAnswer(deps.config, html, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'private, no-store',
    'content-security-policy': PAGE_CSP,
    'referrer-policy': 'no-referrer',
  });
}
