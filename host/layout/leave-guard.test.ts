import { describe, expect, it } from 'vitest';
import {
  confirmLeave,
  type DraftHolder,
  isDirty,
  $leavePrompt,
  type LeaveChoice,
  setDirty,
} from './leave-guard.ts';

const PATH = '/customer-order/create';

/** A page element that records what the prompt made it do. */
function holder(calls: string[]): DraftHolder {
  return {
    saveDraft: async () => void calls.push('save'),
    discardDraft: async () => void calls.push('discard'),
  } as unknown as DraftHolder;
}

/** Closes the tab and answers the prompt with `choice`. */
async function close(choice: LeaveChoice): Promise<boolean> {
  const leaving = confirmLeave(PATH);
  const prompt = $leavePrompt.get();
  expect(prompt?.path).toBe(PATH);
  prompt?.resolve(choice);
  return leaving;
}

describe('leave guard', () => {
  it('asks only while the page has unsaved input', async () => {
    expect(await confirmLeave(PATH)).toBe(true);
    expect($leavePrompt.get()).toBe(null);
  });

  it('save draft and leave: saves, then leaves', async () => {
    const calls: string[] = [];
    setDirty(PATH, holder(calls), true);
    expect(await close('save')).toBe(true);
    expect(calls).toEqual(['save']);
    expect(isDirty(PATH)).toBe(false);
  });

  it('leave without saving: drops what was kept, then leaves', async () => {
    const calls: string[] = [];
    setDirty(PATH, holder(calls), true);
    expect(await close('discard')).toBe(true);
    expect(calls).toEqual(['discard']);
    expect(isDirty(PATH)).toBe(false);
  });

  it('cancel: stays, nothing saved or dropped; a failed save stays too', async () => {
    const calls: string[] = [];
    setDirty(PATH, holder(calls), true);
    expect(await close('cancel')).toBe(false);
    expect(calls).toEqual([]);
    expect(isDirty(PATH)).toBe(true);
    const failing = { saveDraft: () => Promise.reject(new Error('offline')) } as unknown as DraftHolder;
    setDirty(PATH, failing, true);
    expect(await close('save')).toBe(false);
    expect(isDirty(PATH)).toBe(true);
    setDirty(PATH, failing, false);
  });
});
