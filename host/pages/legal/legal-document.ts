import type { Locale } from '../../../src/i18n/translate.ts';

export interface LegalText {
  title: string;
  updated: string;
  sections: Array<{ heading: string; paragraphs: string[] }>;
}

/** A legal page's text per locale. */
export type LegalDocument = Record<Locale, LegalText>;
