import * as ops from '../../../src/contract/excursions/operations.ts';
import { EXCURSION_PDF_TYPE } from '../../../src/contract/excursions/operations.ts';
import { notFound } from '../../core/errors.ts';
import type { SessionRecord } from '../../core/session.ts';
import { handle, signerOf } from '../../http/route.ts';
import { fileAnswer } from '../audit/log-export.ts';
import { caseList } from './list.ts';
import { providerClose, providerDecisions } from './provider.ts';
import { renderCaseReport } from './report.ts';
import { saveStability, stabilityList } from './stability.ts';
import { caseView } from './view.ts';
import { assignCase, commentCase, decideCase } from './workflow.ts';

/**
 * Temperature excursion cases (`excursion/*`), stability budgets (`customer-project/stability*`)
 * and the provider's side of the decisions (`provider/excursion-*`). Every customer call is the
 * session's user in its current customer: a session without one has no cases (404).
 */
function actorOf(session: SessionRecord) {
  if (session.cuId === null) throw notFound('No such excursion case');
  return { uid: session.uid, name: session.name, cuId: session.cuId, isAdmin: session.isAdmin };
}

export const routes = [
  handle(ops.caseList, ({ input, session, deps, now }) => {
    if (session.cuId === null)
      return {
        list: [],
        total: 0,
        counts: { open: 0, assessment: 0, decided: 0, closed: 0, over_budget: 0 },
      };
    return caseList(deps.db, session.cuId, input, now);
  }),
  handle(ops.caseView, ({ input, session, deps }) => caseView(deps.db, actorOf(session), input.id)),
  handle(ops.assign, ({ input, session, deps, now }) => assignCase(deps.db, actorOf(session), input, now)),
  handle(ops.comment, ({ input, session, deps, now }) => commentCase(deps.db, actorOf(session), input, now)),
  handle(ops.decide, (call) =>
    decideCase(call.deps.db, actorOf(call.session), signerOf(call), call.input, call.now),
  ),
  handle(ops.report, async ({ input, session, deps, lang, now }) => {
    const view = await caseView(deps.db, actorOf(session), input.id);
    const body = await renderCaseReport(view, lang, { generatedAt: now, generatedBy: session.name });
    const name = `${lang === 'en' ? 'excursion-report' : '温度偏差报告'}-${view.case.case_no}.pdf`;
    return fileAnswer(deps, new Uint8Array(body), EXCURSION_PDF_TYPE, name);
  }),
  handle(ops.stabilityList, ({ input, session, deps }) =>
    stabilityList(deps.db, actorOf(session).cuId, input.pr_id),
  ),
  handle(ops.stabilitySave, ({ input, session, deps, now }) =>
    saveStability(deps.db, actorOf(session), input, now),
  ),
  handle(ops.providerDecisions, ({ input, deps }) => providerDecisions(deps.db, input.limit)),
  handle(ops.providerClose, ({ input, deps, now }) => providerClose(deps.db, input, now)),
];
