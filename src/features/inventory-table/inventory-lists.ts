import type { StockKind } from './filters.ts';
import {
  createStockListStore,
  createStockOutListStore,
  type StockListStore,
  type StockOutListStore,
} from './stock-list-store.ts';

/** The lists of one inventory element, each made when its tab is first shown. */
export interface InventoryLists {
  stock(kind: StockKind): StockListStore;
  stockOuts(): StockOutListStore;
}

export function createInventoryLists(): InventoryLists {
  const stock = new Map<StockKind, StockListStore>();
  let outs: StockOutListStore | null = null;
  return {
    stock(kind) {
      let list = stock.get(kind);
      if (!list) {
        list = createStockListStore(kind);
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
