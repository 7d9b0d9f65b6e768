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
export {
  applyListParams,
  choiceParam,
  type FilterSpec,
  idParam,
  type ListAddressCodec,
  listAddressCodec,
  type ParamSpec,
  textParam,
} from './list-address.ts';
