import * as common from './messages/common.ts';

/**
 * All catalogues, merged. Add an area: create `messages/<area>.ts` exporting `zh` (as const) and
 * `en: Record<keyof typeof zh, string>`, then spread it into both objects below.
 */
export const zhCN = { ...common.zh } as const;
export const en: Record<MessageKey, string> = { ...common.en };

export type MessageKey = keyof typeof zhCN;
export const catalogues = { 'zh-CN': zhCN as Record<MessageKey, string>, en } as const;
export type Locale = keyof typeof catalogues;
export const LOCALES = Object.keys(catalogues) as Locale[];
