import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Context, Hono } from 'hono';
import type { Lang } from '../../src/contract/messages.ts';
import type { ServerConfig } from '../config.ts';
import type { AppEnv } from '../http/env.ts';
import { requestHeader } from '../http/request-header.ts';
import { requestLang } from '../http/route.ts';
import { PAGE_HEADERS, securityHeadersOf } from '../http/security.ts';
import { REFERENCE_CSS, referencePage } from './reference.ts';

/** The page's language: `?lang=en` or `?lang=zh-CN` when given, else the caller's `Accept-Language`. */
function pageLang(c: Context): Lang {
  const asked = c.req.query('lang');
  if (asked === 'en') return 'en';
  if (asked === 'zh-CN' || asked === 'zh') return 'zh-CN';
  return requestLang(c);
}

/**
 * `GET /api/docs` (the reference page) and `GET /api/docs.css` (its stylesheet): public, like the
 * document they are made from, with the portal's page headers (its strict CSP: the page has no
 * script and no inline style). Rendered once per language and process, as the document is.
 */
export function mountReference(api: Hono<AppEnv>, config: ServerConfig, document: () => string): void {
  const pages = new Map<Lang, { br: Buffer; gzip: Buffer; plain: string }>();
  const headers = (type: string) => ({
    ...securityHeadersOf(config).document,
    ...(type.startsWith('text/html') ? PAGE_HEADERS : {}),
    'content-type': type,
    'cache-control': 'no-cache',
  });
  api.get('/docs', (c) => {
    const lang = pageLang(c);
    let page = pages.get(lang);
    if (!page) {
      // about 600 kB of HTML: compressed once (a tenth of it), as the built assets are
      const plain = referencePage(JSON.parse(document()) as Record<string, unknown>, lang);
      page = {
        plain,
        br: brotliCompressSync(plain, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }),
        gzip: gzipSync(plain, { level: 9 }),
      };
      pages.set(lang, page);
    }
    const accepted = requestHeader(c, 'accept-encoding') ?? '';
    const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : null;
    const html = { ...headers('text/html; charset=utf-8'), vary: 'Accept-Language, Accept-Encoding' };
    if (!encoding) return new Response(page.plain, { headers: html });
    return new Response(new Uint8Array(page[encoding]), {
      headers: { ...html, 'content-encoding': encoding },
    });
  });
  api.get('/docs.css', () => new Response(REFERENCE_CSS, { headers: headers('text/css; charset=utf-8') }));
}
