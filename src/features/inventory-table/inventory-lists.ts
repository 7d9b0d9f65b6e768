import type { StockFilters, StockKind } from './filters.ts';
import {
  createStockListStore,
  createStockOutListStore,
  type StockListStore,
  type StockOutListStore,
} from './stock-list-store.ts';

/** The lists of one inventory element, each made when its tab is first shown. */
export interface InventoryLists {
  /** The list of a kind of stock; `first`: the filters it starts with if made now (a link's `attention`). */
  stock(kind: StockKind, first?: Partial<StockFilters>): StockListStore;
  stockOuts(): StockOutListStore;
}

export function createInventoryLists(): InventoryLists {
  const stock = new Map<StockKind, StockListStore>();
  let outs: StockOutListStore | null = null;
  return {
    stock(kind, first) {
      let list = stock.get(kind);
      if (!list) {
        list = createStockListStore(kind, 10, first);
        stock.set(kind, list);
      }
      return list;
    },
    stockOuts() {
      outs ??= createStockOutListStore();
      return outs;
    },
  };
}
