import { useStore } from '@nanostores/react';
import { $t } from '../i18n/translate.ts';

/** The translator of the current locale; the component re-renders when the locale changes. */
export const useT = () => useStore($t);
