export { StationList } from './station-list.tsx';
export * from './station-search.ts';
