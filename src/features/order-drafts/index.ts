export { type OrderDraftsProps, OrderDrafts, SEARCH_DEBOUNCE_MS } from './order-drafts.tsx';
export { createDraftListStore, DRAFT_LIST_ADDRESS, type DraftListStore } from './draft-list-store.ts';
