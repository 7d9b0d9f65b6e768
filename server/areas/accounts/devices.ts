import type { Context } from 'hono';
import type { ServerConfig } from '../../config.ts';
import { addressKey } from '../../core/address-key.ts';
import { chinaStamp } from '../../core/labels.ts';
import type { DB } from '../../db/database.ts';
import { requestHeader } from '../../http/request-header.ts';
import { hashToken, newToken } from './tokens.ts';

/**
 * The devices a user signs in from (docs/decisions/live.md, "Sign-in from a new device"). A device
 * is a browser holding the device cookie: 32 random bytes the server sets at every sign-in
 * (HttpOnly, SameSite=Lax, Secure when the portal is served over https, for `/api` only), of which
 * the database keeps the SHA-256 per user (`user_devices`). The cookie is the browser's, not the
 * user's: two users of one browser share it, each with a row of their own. It grants nothing (the
 * session's token travels in `X-Token`); it only lets the server say "this browser was here
 * before". A sign-in without it (a new browser, a private window, cookies cleared, a script) is a
 * new device, a strict rule on purpose: a guess from the User-Agent and the network would take a
 * colleague in the same office, with the same browser, for the user.
 */
export const DEVICE_COOKIE = 'lp_device';
/** 400 days, the longest a browser keeps a cookie (RFC 6265bis); each sign-in sets it again. */
export const DEVICE_COOKIE_MAX_AGE_S = 400 * 86_400;
/** A device not seen for this long is forgotten (housekeeping.ts), except each user's newest. */
export const DEVICE_KEEP_MS = DEVICE_COOKIE_MAX_AGE_S * 1000;
/** The devices kept per user at most, the newest (a script that keeps no cookie makes one per sign-in). */
export const DEVICES_PER_USER = 50;

/** The device of a sign-in, as its request shows it. */
export interface DeviceSeen {
  /** The cookie's key, or a new one when the browser sent none (it gets it with the answer). */
  key: string;
  /** The browser and system its User-Agent names (`Chrome · Windows`): agentSummary. */
  agent: string;
  /** The client's address as the sign-in's counts key it (IPv6 by its /64: core/address-key.ts). */
  address: string;
}

const KEY = /^[\w-]{43}$/;

/** The device cookie's key in a `Cookie` header, when it is one of ours (else null). */
export function deviceKeyOf(cookieHeader: string | undefined): string | null {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, value] = part.trim().split('=', 2);
    if (name === DEVICE_COOKIE && value && KEY.test(value)) return value;
  }
  return null;
}

/** The device a sign-in's request comes from (`ip`: the client's address, behind trusted proxies too). */
export function deviceSeen(c: Context, ip: string): DeviceSeen {
  return {
    key: deviceKeyOf(requestHeader(c, 'cookie')) ?? newToken(),
    agent: agentSummary(requestHeader(c, 'user-agent') ?? ''),
    address: addressKey(ip),
  };
}

/** Whether cookies are marked Secure: the portal is served over https (its own TLS, HSTS, PUBLIC_URL). */
export const secureCookies = (config: Pick<ServerConfig, 'hsts' | 'publicUrl'>) =>
  config.hsts || config.publicUrl.startsWith('https:');

/** The `Set-Cookie` value that (re)sets the device cookie. */
export function deviceCookie(key: string, secure: boolean): string {
  const attributes = `Max-Age=${DEVICE_COOKIE_MAX_AGE_S}; Path=/api; HttpOnly; SameSite=Lax`;
  return `${DEVICE_COOKIE}=${key}; ${attributes}${secure ? '; Secure' : ''}`;
}

const BROWSERS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bMicroMessenger\//, 'WeChat'],
  [/\b(?:Edg|EdgA|EdgiOS)\//, 'Edge'],
  [/\b(?:OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bUCBrowser\//, 'UC Browser'],
  [/\bQQBrowser\//, 'QQ Browser'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  // HeadlessChrome: Chrome run by a script or a test, still Chrome to the person reading
  [/\b(?:HeadlessChrome|Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const SYSTEMS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bHarmonyOS\b|\bOpenHarmony\b/, 'HarmonyOS'],
  [/\bWindows\b/, 'Windows'],
  [/\b(?:iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

/**
 * The browser and system a User-Agent names, as a person reads them (`Chrome · Windows`,
 * `Safari · iOS`), without versions; a client that is no browser by its first product's name
 * (`curl`); `?` when it says nothing. Simple on purpose: a notice's words, not a fingerprint.
 */
export function agentSummary(userAgent: string): string {
  const ua = userAgent.slice(0, 512);
  const browser =
    BROWSERS.find(([test]) => test.test(ua))?.[1] ?? /^([A-Za-z][\w.-]{0,23})\//.exec(ua)?.[1] ?? '?';
  const system = SYSTEMS.find(([test]) => test.test(ua))?.[1];
  return system ? `${browser} · ${system}` : browser;
}

/** An address with its host part hidden: `203.0.113.*`, `2001:db8:*` (a /64's first groups). */
export function maskAddress(address: string): string {
  const v4 = /^(\d{1,3}\.\d{1,3}\.\d{1,3})\.\d{1,3}$/.exec(address);
  if (v4) return `${v4[1]}.*`;
  const groups = address.split(':').filter(Boolean);
  return address.includes(':') && groups.length >= 2 ? `${groups[0]}:${groups[1]}:*` : '*';
}

/** What a notice of a new device names (notifications' `ref`): the device, the masked address, the time. */
export const deviceRef = (device: { agent: string; first_address: string; first_seen_at: Date | string }) =>
  `${device.agent} · ${maskAddress(device.first_address)} · ${chinaStamp(device.first_seen_at)}`;

/** What a sign-in's device is to its user: seen before, new (the user has others), or the first ever. */
export type DeviceStanding = 'known' | 'new' | 'first';

/**
 * Records the sign-in's device for the user, in the sign-in's transaction (which holds the user's
 * row: two sign-ins of one user never race here): a known device's last sighting, else a new row.
 */
export async function rememberDevice(
  trx: DB,
  uid: number,
  seen: DeviceSeen,
  now: Date,
): Promise<{ id: number; standing: DeviceStanding }> {
  const keyHash = hashToken(seen.key);
  const known = await trx
    .updateTable('user_devices')
    .set({ last_seen_at: now, last_address: seen.address })
    .where('uid', '=', uid)
    .where('key_hash', '=', keyHash)
    .returning('id')
    .executeTakeFirst();
  if (known) return { id: known.id, standing: 'known' };
  const earlier = await trx
    .selectFrom('user_devices')
    .select('id')
    .where('uid', '=', uid)
    .limit(1)
    .executeTakeFirst();
  const row = await trx
    .insertInto('user_devices')
    .values({
      uid,
      key_hash: keyHash,
      agent: seen.agent,
      first_address: seen.address,
      last_address: seen.address,
      first_seen_at: now,
      last_seen_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, standing: earlier ? 'new' : 'first' };
}
