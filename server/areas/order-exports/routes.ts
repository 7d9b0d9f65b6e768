import { Code } from '../../../src/contract/codes.ts';
import * as ops from '../../../src/contract/order-exports/operations.ts';
import type { SessionRecord } from '../../core/session.ts';
import { ApiError } from '../../core/errors.ts';
import { handle } from '../../http/route.ts';
import { downloadFile } from './download.ts';
import { emailPage } from './email-page.ts';
import { deleteJob, listJobs, type Owner, retryJob, startExport } from './jobs.ts';
import { listFilterOf } from './list-filter.ts';
import { emailOrder, emailView, printRecords, recordPrint } from './print-and-mail.ts';

/** The session's user and current customer: every export belongs to both. */
function ownerOf(session: SessionRecord): Owner {
  if (session.cuId === null) throw new ApiError(Code.notFound, 'No customer account is selected');
  return { uid: session.uid, cuId: session.cuId };
}

export const routes = [
  handle(ops.exportOrders, ({ input, session, deps, now, lang }) =>
    startExport(deps, ownerOf(session), 'xlsorder', listFilterOf(input), lang, now),
  ),
  handle(ops.exportSamples, ({ input, session, deps, now, lang }) =>
    startExport(deps, ownerOf(session), 'xlsjinyu', listFilterOf(input), lang, now),
  ),
  handle(ops.downloadExport, ({ input, deps, now }) => downloadFile(deps, input, now)),
  handle(ops.downLog, ({ input, session, deps, now, lang }) =>
    listJobs(deps, ownerOf(session), input, now, lang),
  ),
  handle(ops.delDownLog, async ({ input, session, deps, now }) => {
    await deleteJob(deps, ownerOf(session), input.id, now);
    return null;
  }),
  handle(ops.retryDownLog, async ({ input, session, deps }) => {
    await retryJob(deps, ownerOf(session), input.id);
    return null;
  }),
  handle(ops.printLogAdd, async ({ input, session, deps, now }) => {
    await recordPrint(
      deps,
      { ...ownerOf(session), name: session.name },
      [input.id, ...input.with_ids],
      input.kind,
      now,
    );
    return null;
  }),
  handle(ops.printLogList, ({ input, session, deps }) => printRecords(deps, ownerOf(session).cuId, input.id)),
  handle(ops.orderEmail, async ({ input, session, deps, lang, now }) => {
    await emailOrder(deps, { ...ownerOf(session), name: session.name }, input, lang, now);
    return null;
  }),
  handle(ops.orderEmailView, ({ input, session, deps, lang, now }) =>
    emailView(deps, ownerOf(session).cuId, input.id, lang, now),
  ),
  handle(ops.orderEmailPage, ({ input, deps, now }) => emailPage(deps, input, now)),
];
