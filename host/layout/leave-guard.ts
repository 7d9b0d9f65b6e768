import { atom } from 'nanostores';

/**
 * The leave-with-draft prompt for the order-create and draft tabs (spec §2). A page element
 * reports unsaved input with a bubbling, composed `lp-form-dirty` event (`detail.dirty`), and may
 * offer a `saveDraft(): Promise<unknown>` method (and `discardDraft()`, called when the user leaves
 * without saving); closing its tab then asks: save draft and leave, leave without saving, or cancel.
 */
export const LEAVE_GUARD_PATHS: readonly string[] = ['/customer-order/create', '/customer-order/draft'];

export type LeaveChoice = 'save' | 'discard' | 'cancel';

interface Prompt {
  path: string;
  resolve: (choice: LeaveChoice) => void;
}

export interface DraftHolder extends HTMLElement {
  saveDraft?: () => Promise<unknown>;
  /** Drops what was typed (the browser's copy and the draft box's), for "leave without saving". */
  discardDraft?: () => Promise<unknown>;
}

const dirty = new Map<string, DraftHolder>();
export const $leavePrompt = atom<Prompt | null>(null);

/** Records what a page element said about unsaved input. */
export function setDirty(path: string, element: DraftHolder, isDirty: boolean): void {
  if (isDirty) dirty.set(path, element);
  else dirty.delete(path);
}

export function isDirty(path: string): boolean {
  return LEAVE_GUARD_PATHS.includes(path) && dirty.has(path);
}

/** Resolves true when the tab may close (after saving the draft if the user chose so). */
export async function confirmLeave(path: string): Promise<boolean> {
  if (!isDirty(path)) return true;
  const choice = await new Promise<LeaveChoice>((resolve) => $leavePrompt.set({ path, resolve }));
  $leavePrompt.set(null);
  if (choice === 'cancel') return false;
  if (choice === 'save') {
    try {
      await dirty.get(path)?.saveDraft?.();
    } catch {
      return false;
    }
  } else {
    // leave without saving: what was kept while typing goes too (a failure still leaves)
    await dirty
      .get(path)
      ?.discardDraft?.()
      ?.catch(() => undefined);
  }
  dirty.delete(path);
  return true;
}
