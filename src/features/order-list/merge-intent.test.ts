import { describe, expect, it } from 'vitest';
import { createMergeIntent } from './merge-intent.ts';

describe('merge intent (Idempotency-Key)', () => {
  it('keeps one key for a retry of the same merge and makes a new one for another merge', () => {
    let n = 0;
    const intent = createMergeIntent(() => `key-${++n}`);
    const first = intent.keyFor([3, 1]);
    expect(intent.keyFor([1, 3]), 'a retry of the same orders, in any order').to.equal(first);
    expect(intent.keyFor([1, 2]), 'other orders').to.equal('key-2');
    intent.done();
    expect(intent.keyFor([1, 2]), 'after a success the next merge is new').to.equal('key-3');
  });

  it('makes random UUIDs by default', () => {
    const a = createMergeIntent().keyFor([1, 2]);
    const b = createMergeIntent().keyFor([1, 2]);
    expect(a).to.match(/^[0-9a-f-]{36}$/);
    expect(a).not.to.equal(b);
  });
});
