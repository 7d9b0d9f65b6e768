import { call, callFile } from '../../api/transport.ts';
import { Code } from '../../contract/codes.ts';
import type { Decision } from '../../contract/excursions/domain.ts';
import { assign, caseView, comment, decide, report } from '../../contract/excursions/operations.ts';
import type { CaseRow, CaseView } from '../../contract/excursions/schemas.ts';
import type { SignatureInput } from '../../contract/signatures/schemas.ts';
import { saveBlob } from '../../lib/save-blob.ts';

export type { CaseRow, CaseView };

/** The page says itself when the case is not there (404, or an id the server refuses). */
const QUIET_LOAD = { silentCodes: [Code.notFound, Code.badRequest, Code.invalid] } as const;
/** A write that finds the case changed (409) or gone (404) reloads it; the page says so. */
const QUIET_WRITE = { silentCodes: [Code.conflict, Code.notFound, Code.invalid] } as const;

/** `GET excursion/view`: the case with its readings, lines and budgets, timeline and what the user may do. */
export const loadCase = (id: number, signal?: AbortSignal): Promise<CaseView> =>
  call(caseView, { id }, { ...QUIET_LOAD, ...(signal ? { signal } : {}) });

export const assignCase = (id: number, uid: number): Promise<CaseRow> =>
  call(assign, { id, uid }, QUIET_WRITE);

export const commentCase = (id: number, text: string, fileId: number | null): Promise<CaseRow> =>
  call(comment, { id, text, ...(fileId !== null ? { file_id: fileId } : {}) }, QUIET_WRITE);

export const decideCase = (
  id: number,
  decision: Decision,
  reason: string,
  signature: SignatureInput,
): Promise<CaseRow> =>
  // a wrong password (422 on the signature) and a lock-out (407) are said in the signing dialog
  call(
    decide,
    { id, decision, reason, signature },
    { silentCodes: [...QUIET_WRITE.silentCodes, Code.locked] },
  );

/** The case as a PDF for the sponsor's quality file, in the page's language, saved as a download. */
export async function downloadReport(id: number, name: string): Promise<void> {
  saveBlob(await callFile(report, { id }), `${name}.pdf`);
}
