import { SYSTEM_KEY } from '../../../src/contract/links/schemas.ts';

/** One of the provider's other systems the portal may open signed in (`LINKED_SYSTEMS`). */
export interface LinkedSystemConfig {
  key: string;
  /** Its name in Chinese and in English. */
  name: string;
  name_en: string;
  /** Its sign-in address: the portal adds `code=<one-time code>` to it. */
  url: string;
}

/**
 * `LINKED_SYSTEMS`: a JSON list `[{"key":"wms","name":"仓储管理系统","name_en":"Warehouse
 * System","url":"https://wms.example.com/sso/portal"}]`. Unset or empty: no system. Anything else
 * that is not such a list stops the server with a sentence saying what is wrong. Addresses must be
 * https in production (the one-time code travels in them).
 */
export function parseLinkedSystems(value: string | undefined, production: boolean): LinkedSystemConfig[] {
  if (value === undefined || value.trim() === '') return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw new Error('LINKED_SYSTEMS must be a JSON list of {key, name, name_en, url}');
  }
  if (!Array.isArray(parsed))
    throw new Error('LINKED_SYSTEMS must be a JSON list of {key, name, name_en, url}');
  const seen = new Set<string>();
  return parsed.map((entry: unknown, i) => {
    const e = (entry ?? {}) as Record<string, unknown>;
    const where = `LINKED_SYSTEMS[${i}]`;
    const text = (field: string) => {
      const x = e[field];
      if (typeof x !== 'string' || x.trim() === '')
        throw new Error(`${where}.${field} must be a non-empty text`);
      return x.trim();
    };
    const key = text('key');
    if (!SYSTEM_KEY.test(key)) throw new Error(`${where}.key must be lower-case letters, digits and -`);
    if (seen.has(key)) throw new Error(`${where}.key "${key}" appears twice`);
    seen.add(key);
    const raw = text('url');
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw new Error(`${where}.url is not an address`);
    }
    const allowed = production ? ['https:'] : ['https:', 'http:'];
    if (!allowed.includes(url.protocol))
      throw new Error(`${where}.url must start with ${allowed.join(' or ')}//`);
    if (url.searchParams.has('code')) throw new Error(`${where}.url must not carry a code parameter itself`);
    return { key, name: text('name'), name_en: text('name_en'), url: url.href };
  });
}

/** The system's address with the one-time code added (its own query and fragment kept). */
export function linkWithCode(system: LinkedSystemConfig, code: string): string {
  const url = new URL(system.url);
  url.searchParams.set('code', code);
  return url.href;
}
