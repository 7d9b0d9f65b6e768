/**
 * The `Idempotency-Key` of a merge: one per intent (these orders, merged once), made with
 * `crypto.randomUUID()` when the user first confirms, and sent again when the same merge is
 * retried after a failure (a lost answer must not merge twice). A merge of other orders, or one
 * after a success, gets a new key.
 */
export function createMergeIntent(uuid: () => string = () => crypto.randomUUID()) {
  let current: { ids: string; key: string } | null = null;
  const idsOf = (ids: readonly number[]) => [...ids].sort((a, b) => a - b).join(',');
  return {
    /** The key for merging `ids` now. */
    keyFor(ids: readonly number[]): string {
      const wanted = idsOf(ids);
      if (current?.ids !== wanted) current = { ids: wanted, key: uuid() };
      return current.key;
    },
    /** The merge succeeded (or the selection was dropped): the next merge is a new intent. */
    done(): void {
      current = null;
    },
  };
}
export type MergeIntent = ReturnType<typeof createMergeIntent>;
