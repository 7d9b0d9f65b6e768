import * as ops from '../contract/live/operations.ts';
import type { LiveTicket } from '../contract/live/schemas.ts';
import { type CallOptions, call } from './transport.ts';

/** `POST live/ticket`: a ticket to open the live stream with (an EventSource sends no token). */
export const liveTicket = (options?: CallOptions): Promise<LiveTicket> => call(ops.liveTicket, {}, options);
