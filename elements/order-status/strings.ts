import type { zh } from '../../src/i18n/messages/tracking.ts';

type Params = Record<string, string | number>;
export type TrackingKey = keyof typeof zh;
export type Translate<K extends string = TrackingKey> = (key: K, params?: Params) => string;

/**
 * A translator over one area's messages (`{name}` placeholders take `params`). The element's own
 * strings (messages/tracking.ts, both languages: ~1.5 KB brotli) are in its first load; the
 * temperature chunk brings its own (messages/tracking-chart.ts).
 */
export function translatorOf<K extends string>(messages: Record<K, string>): Translate<K> {
  return (key, params) =>
    messages[key].replace(/\{(\w+)\}/g, (m, name: string) =>
      params && name in params ? String(params[name]) : m,
    );
}
