import { type KeptOrderForm, ORDER_DRAFT_KIND } from '../../lib/order-drafts.ts';
import { discardDraft, listDrafts, sessionOwner } from '../../stores/drafts/index.ts';

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
