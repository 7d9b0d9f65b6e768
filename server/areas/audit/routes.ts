import * as ops from '../../../src/contract/audit/operations.ts';
import { forbidden } from '../../core/errors.ts';
import type { SessionRecord } from '../../core/session.ts';
import { handle } from '../../http/route.ts';
import { auditLogPage } from './log.ts';
import { exportLog } from './log-export.ts';

/**
 * The customer's audit trail for its administrators (`customer-audit/*`): the log page and its
 * exports. Anyone else, and a session without a customer, is refused (403).
 */
function administered(session: SessionRecord): number {
  if (session.cuId === null || !session.isAdmin)
    throw forbidden('Only an administrator of this customer account may read its audit trail');
  return session.cuId;
}

export const routes = [
  handle(ops.auditLog, ({ input, session, deps }) => auditLogPage(deps.db, administered(session), input)),
  // an export holds every entry the filter selects: the page's paging is not part of it
  handle(
    ops.auditLogXlsx,
    ({ input: { start: _start, limit: _limit, ...filter }, session, deps, lang, now }) =>
      exportLog(deps, { cuId: administered(session), session }, filter, 'xlsx', lang, now),
  ),
  handle(
    ops.auditLogPdf,
    ({ input: { start: _start, limit: _limit, ...filter }, session, deps, lang, now }) =>
      exportLog(deps, { cuId: administered(session), session }, filter, 'pdf', lang, now),
  ),
];
