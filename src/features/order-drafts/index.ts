export { type OrderDraftsProps, OrderDrafts, SEARCH_DEBOUNCE_MS } from './order-drafts.tsx';
export { createDraftListStore, type DraftListStore } from './draft-list-store.ts';
