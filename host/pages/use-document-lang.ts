import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $locale } from '../../src/i18n/translate.ts';

/** Keeps `<html lang>` in step with the chosen language (screen readers pick the voice from it). */
export function useDocumentLang(): void {
  const locale = useStore($locale);
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
}
