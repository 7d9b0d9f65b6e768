// Bounds of the order calls, apart from the schemas: the browser's order list imports them
// without valibot (importing anything of schemas.ts brings all its top-level schemas along).

/** The columns the list sorts by; `-` first for descending. Default `-created_at`. */
export const ORDER_SORTS = [
  'created_at',
  'order_no',
  'pickup_at',
  'deliver_by',
  'status',
  'updated_at',
] as const;

export const LIST_LIMIT_MAX = 100;
export const KEYWORD_MAX = 100;
export const REASON_MAX = 500;

/** Longest remark or feedback on an order. */
export const REMARK_MAX = 1000;

/** How many orders one print (the list's bulk print: one document) may hold. */
export const PRINT_MAX = 100;
