import { sheet } from '../src/ui/index.ts';
import { layoutCss } from './layout/layout.styles.ts';
import { pagesCss } from './pages/pages.styles.ts';

/** The host document's own stylesheet (adopted after the UI kit's). */
export const hostSheet = (): CSSStyleSheet => sheet([layoutCss, pagesCss].join('\n'));
