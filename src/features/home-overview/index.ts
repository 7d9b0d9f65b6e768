export { type HomeOverviewProps, HomeOverview } from './home-overview.tsx';
export {
  createOverviewStore,
  type OverviewState,
  type OverviewStore,
  REFRESH_MIN_MS,
} from './overview-store.ts';
