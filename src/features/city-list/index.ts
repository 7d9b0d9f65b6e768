export { CityList, SEARCH_DEBOUNCE_MS, TYPE_AHEAD_MS } from './city-list.tsx';
export * from './region-tree.ts';
