// Bounds of the column settings, apart from the schemas: the browser's adapter imports them
// without valibot.

/** The most columns a list's settings may name. */
export const LIST_FIELDS_MAX = 100;
/** The longest list name (`customer-order/index`) and column key. */
export const LIST_NAME_MAX = 64;
export const FIELD_KEY_MAX = 64;
/** Column widths in px. */
export const FIELD_WIDTH_MIN = 24;
export const FIELD_WIDTH_MAX = 2000;

/** Saved views (named filter sets of a list): the longest name and address query, and how many per list. */
export const VIEW_NAME_MAX = 40;
export const VIEW_QUERY_MAX = 1000;
export const VIEWS_MAX = 30;
