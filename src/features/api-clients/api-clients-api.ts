import { call } from '../../api/transport.ts';
import * as ops from '../../contract/api-clients/operations.ts';
import { Code } from '../../contract/codes.ts';

export type {
  ApiClient,
  ApiClientList,
  ApiClientScope,
  ApiClientWithSecret,
} from '../../contract/api-clients/schemas.ts';
export {
  API_CLIENT_RATE_DEFAULT,
  API_CLIENT_SCOPES,
  ROTATION_GRACE_HOURS,
} from '../../contract/api-clients/schemas.ts';

/** The form's values as sent (the rate as typed when it is no whole number: the server says why). */
export interface ClientValues {
  name: string;
  scopes: string[];
  allowed_addresses: string[];
  rate_per_minute: number | string;
}

/** The page says itself when the user is no administrator (403) and what is wrong with a form (422). */
const QUIET = { silentCodes: [Code.forbidden, Code.invalid] } as const;

export const apiClientsApi = {
  list: () => call(ops.apiClientList, {}, QUIET),
  create: (input: ClientValues) => call(ops.apiClientCreate, input as never, QUIET),
  update: (id: number, { name: _name, ...input }: ClientValues) =>
    call(ops.apiClientUpdate, { id, ...input } as never, QUIET),
  rotate: (id: number, grace_hours: number) => call(ops.apiClientRotate, { id, grace_hours }),
  revoke: (id: number) => call(ops.apiClientRevoke, { id }),
};
