export * from './click-guard.ts';
export * from './external-link.ts';
export * from './masking.ts';
export * from './pinyin-filter.ts';
export * from './relative-time.ts';
export * from './root-font-size.ts';
export * from './route-search.ts';
export * from './scroll.ts';
