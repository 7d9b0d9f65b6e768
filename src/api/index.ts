export { call, apiUrl, REQUEST_TIMEOUT_MS, GET_RETRIES, type CallOptions } from './transport.ts';
export { onApiOutcome, outcomeOf, type ApiOutcome } from './outcomes.ts';
export {
  apiBase,
  setApiBase,
  setApiFetch,
  DEFAULT_API_BASE,
  type FetchLike,
  type LpConfig,
} from './config.ts';
export { ApiError, TransportCode, isApiError } from './errors.ts';
export * from './user.ts';
export * from './customer-account.ts';
export * from './password.ts';
export * from './menu.ts';
export * from './telemetry.ts';
