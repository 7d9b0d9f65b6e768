import { baseStyles } from './base.styles.ts';
import { buttonStyles } from './button/button.styles.ts';
import { sheet } from './css.ts';
import { dialogStyles } from './dialog/dialog.styles.ts';
import { filterChipStyles } from './filter-chip/filter-chip.styles.ts';
import { formStyles } from './form/form.styles.ts';
import { menuStyles } from './menu/menu.styles.ts';
import { paginationStyles } from './pagination/pagination.styles.ts';
import { popoverStyles } from './popover/popover.styles.ts';
import { selectStyles } from './select/select.styles.ts';
import { statesStyles } from './states/states.styles.ts';
import { tableStyles } from './table/table.styles.ts';
import { tabsStyles } from './tabs/tabs.styles.ts';
import { toastStyles } from './toast/toast.styles.ts';
import { tokensSheet } from './tokens.ts';

/** Every UI-kit component's CSS, base rules first. */
export const uiCss = [
  baseStyles,
  buttonStyles,
  dialogStyles,
  filterChipStyles,
  formStyles,
  menuStyles,
  paginationStyles,
  popoverStyles,
  selectStyles,
  statesStyles,
  tableStyles,
  tabsStyles,
  toastStyles,
].join('\n');

/** The UI kit's stylesheet (one shared instance). */
export const uiSheet = (): CSSStyleSheet => sheet(uiCss);

/** What a root adopts to render UI-kit components: tokens, then the kit. */
export const kitSheets = (): CSSStyleSheet[] => [tokensSheet(), uiSheet()];
