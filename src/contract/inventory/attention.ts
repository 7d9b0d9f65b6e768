/**
 * Stock needing a look, as the home page's overview counts it and the stock list filters it
 * (`attention`): `low`, lines with a reorder level and `available` at or below it; `expiring`,
 * lines with something available whose expiry is at most `ATTENTION_EXPIRY_DAYS` China days
 * ahead, expired ones included. The server has one definition of each
 * (server/areas/inventory/attention.ts). A module of its own: the overview's bundle takes these
 * without the inventory's schemas.
 */
export const STOCK_ATTENTIONS = ['low', 'expiring'] as const;
export type StockAttention = (typeof STOCK_ATTENTIONS)[number];

/** Lines expiring within this many days (today included) count as `expiring`. */
export const ATTENTION_EXPIRY_DAYS = 30;
