/** Envelope codes of the provider API (contract.md, "Codes"). */
export const Code = {
  ok: 0,
  badRequest: 400,
  customerExists: 402,
  forbidden: 403,
  notFound: 404,
  wrongCredentials: 406,
  locked: 407,
  /** The request's body arrived too slowly (HTTP 408, the connection closed): nothing was done. */
  requestTimeout: 408,
  conflict: 409,
  tooLarge: 413,
  unsupportedMedia: 415,
  invalid: 422,
  tooManyRequests: 429,
  nothing: 444,
  mustChangePassword: 463,
  captchaRequired: 475,
  captchaExpired: 476,
  /** The password was right; the account has a second factor: its code next (`data.methods`). */
  secondFactorRequired: 477,
  /** The password was right; a customer of the person requires a second factor they lack: enrol first. */
  secondFactorEnrolmentRequired: 478,
  serverFault: 500,
  backgroundFailed: 543,
  /** The server cannot reach its database for a moment (HTTP 503, Retry-After): try again. */
  unavailable: 503,
  sessionExpired: 598,
  loggedInElsewhere: 599,
} as const;

export type CodeName = keyof typeof Code;
export type ApiCode = (typeof Code)[CodeName];
