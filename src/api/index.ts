export { call, get, post, REQUEST_TIMEOUT_MS, GET_RETRIES, type CallOptions, type Query } from './client.ts';
export {
  apiBase,
  setApiBase,
  setApiFetch,
  DEFAULT_API_BASE,
  type FetchLike,
  type LpConfig,
} from './config.ts';
export { ApiError, TransportCode, isApiError } from './errors.ts';
export { ERROR_TOAST_MS, RELOGIN_DELAY_MS } from './catalogue.ts';
export * from './user.ts';
export * from './customer-account.ts';
export * from './password.ts';
export * from './menu.ts';
export * from './telemetry.ts';
