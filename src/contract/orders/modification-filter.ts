/**
 * The order list's `modification` filter: `answered`, the orders with a modification request the
 * provider answered (accepted or rejected) within the last `ANSWERED_DAYS` days. The home page's
 * overview counts the same orders and links to the list with it; the server has one definition
 * (server/areas/orders/answered-modifications.ts). A module of its own: the overview's bundle takes
 * these without the list's schemas.
 */
export const MODIFICATION_FILTERS = ['answered'] as const;
export type ModificationFilter = (typeof MODIFICATION_FILTERS)[number];

/** A request answered within this many days (back from now) counts as `answered`. */
export const ANSWERED_DAYS = 14;
