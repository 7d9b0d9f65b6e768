export {
  createListStore,
  type ListAnswer,
  type ListFetch,
  type ListParams,
  type ListSort,
  type ListState,
  type ListStatus,
  type ListStore,
  type ListStoreOptions,
} from './list-store.ts';
export { type PageQuery, pageQuery, sortQuery } from './page-query.ts';
