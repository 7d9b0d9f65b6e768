import { call } from '../../api/transport.ts';
import { saveDraft } from '../../contract/order-editor/operations.ts';
import { type KeptOrderForm, ORDER_DRAFT_KIND } from '../../lib/order-drafts.ts';
import { discardDraft, listDrafts, openSessionDraft, sessionOwner } from '../../stores/drafts/index.ts';

/** An order form kept in this browser (the editor's persistence), by its form key. */
export interface LocalDraft {
  formKey: string;
  /** When this browser stored it (ms). */
  savedAt: number;
  kept: KeptOrderForm;
}

const isKept = (data: unknown): data is KeptOrderForm =>
  typeof data === 'object' && data !== null && 'form' in data && 'idempotencyKey' in data;

/** The signed-in user's order forms kept in this browser for the current customer, newest first. */
export async function localOrderDrafts(): Promise<LocalDraft[]> {
  const owner = sessionOwner();
  if (!owner) return [];
  const drafts = await listDrafts(owner, { kind: ORDER_DRAFT_KIND });
  return drafts.flatMap((d) => (isKept(d.data) ? [{ formKey: d.id, savedAt: d.savedAt, kept: d.data }] : []));
}

/**
 * Splits the browser's forms: those the draft box does not have at all (typed offline, never
 * saved there), and by draft id those with changes the draft box has not got yet.
 */
export function sortLocal(local: readonly LocalDraft[]): {
  only: LocalDraft[];
  newer: Map<number, LocalDraft>;
  byDraft: Map<number, LocalDraft>;
} {
  const only: LocalDraft[] = [];
  const newer = new Map<number, LocalDraft>();
  const byDraft = new Map<number, LocalDraft>();
  for (const draft of local) {
    const id = draft.kept.draftId;
    if (id === null) {
      if (!draft.kept.synced) only.push(draft);
      continue;
    }
    byDraft.set(id, draft);
    if (!draft.kept.synced) newer.set(id, draft);
  }
  return { only, newer, byDraft };
}

/** Forgets a form kept in this browser (a tab that has it open is told). */
export async function dropLocalDraft(formKey: string): Promise<void> {
  const owner = sessionOwner();
  if (owner) await discardDraft({ kind: ORDER_DRAFT_KIND, id: formKey, ...owner });
}

/**
 * Puts forms kept only in this browser into the draft box (typed offline, or the page went away
 * before the browser's copy learnt its draft). A form an editor tab has open is left to that tab;
 * one the draft box already holds under the same key and text is linked to it; one whose key the
 * draft box holds with other text stays here (both are kept). Resolves true when any was saved.
 */
export async function uploadLocalDrafts(drafts: readonly LocalDraft[]): Promise<boolean> {
  let saved = false;
  for (const draft of drafts) {
    if (draft.kept.draftId !== null || draft.kept.synced) continue;
    const handle = openSessionDraft<KeptOrderForm>(ORDER_DRAFT_KIND, draft.formKey);
    const state = await handle.ready;
    const kept = state.data;
    try {
      if (state.mode !== 'writer' || !kept || kept.draftId !== null) continue;
      const answer = await call(
        saveDraft,
        { mode: kept.mode, order_id: kept.orderId, idempotency_key: kept.idempotencyKey, data: kept.form },
        { quiet: true },
      );
      handle.update({
        ...kept,
        draftId: answer.id,
        draftVersion: answer.version,
        serverSavedAt: answer.saved_at,
        synced: true,
      });
      saved = true;
    } catch {
      // offline, or the draft box has other text under this key: it stays in this browser
    } finally {
      await handle.close();
    }
  }
  return saved;
}
