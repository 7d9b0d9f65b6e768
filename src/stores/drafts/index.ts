import { shared } from '../registry.ts';
import { $session } from '../session.ts';
import { type DraftBackend, indexedDbBackend } from './backend.ts';
import { type DraftChannel, draftChannel } from './channel.ts';
import {
  type DraftHandle,
  type DraftOptions,
  type DraftRef,
  draftKey,
  draftOwner,
  openDraft,
} from './draft.ts';

export { type DraftBackend, type DraftRecord, indexedDbBackend, memoryBackend } from './backend.ts';
export { DRAFT_CHANNEL, type DraftChannel, type DraftMessage, draftChannel } from './channel.ts';
export { type Clock, systemClock } from './clock.ts';
export {
  type DraftHandle,
  type DraftMode,
  type DraftOptions,
  type DraftRef,
  type DraftState,
  draftKey,
  draftOwner,
  openDraft,
} from './draft.ts';

/** The page's draft storage (IndexedDB `lp-drafts`, or memory where that is missing). */
export const defaultDraftBackend = (): DraftBackend => shared('drafts.backend', () => indexedDbBackend());

/** The signed-in user and customer account, whose drafts these are (null when signed out). */
export function sessionOwner(): Pick<DraftRef, 'user' | 'customer'> | null {
  const info = $session.get().userInfo;
  return info?.customer ? { user: info.uid, customer: info.customer.cu_id } : null;
}

/**
 * Opens the signed-in user's draft of a form in the current customer account (see openDraft).
 * Throws when signed out: a draft always belongs to a user and a customer.
 */
export function openSessionDraft<T>(
  kind: string,
  id: string,
  options: Partial<DraftOptions> = {},
): DraftHandle<T> {
  const owner = sessionOwner();
  if (!owner) throw new Error('drafts need a signed-in user and customer');
  return openDraft<T>({ kind, id, ...owner }, { backend: defaultDraftBackend(), ...options });
}

/** A stored draft as a list shows it. */
export interface DraftSummary<T = unknown> {
  kind: string;
  id: string;
  savedAt: number;
  data: T;
}

/** The drafts of one user in one customer account (of one kind if given), newest first. */
export async function listDrafts<T = unknown>(
  owner: Pick<DraftRef, 'user' | 'customer'>,
  options: { kind?: string; backend?: DraftBackend } = {},
): Promise<DraftSummary<T>[]> {
  const records = await (options.backend ?? defaultDraftBackend()).list(draftOwner(owner));
  return records
    .filter((r) => !options.kind || r.kind === options.kind)
    .sort((a, b) => b.savedAt - a.savedAt)
    .map((r) => ({ kind: r.kind, id: r.id, savedAt: r.savedAt, data: r.data as T }));
}

/** Deletes a stored draft (from a list of drafts); a tab that has it open is told. */
export async function discardDraft(
  ref: DraftRef,
  options: { backend?: DraftBackend; channel?: DraftChannel | null } = {},
): Promise<void> {
  const key = draftKey(ref);
  await (options.backend ?? defaultDraftBackend()).delete(key);
  const channel = options.channel === undefined ? draftChannel() : options.channel;
  if (!channel) return;
  channel.post({ type: 'discarded', key, revision: 0 });
  channel.listen(() => {})(); // closes it
}
