import { describe, expect, it } from 'vitest';
import type { PasswordFlags } from '../../src/stores/session.ts';
import { firstStage } from './weak-password-stage.ts';

const flags = (patch: Partial<PasswordFlags>): PasswordFlags => ({
  isWeakPassword: false,
  isWhiteCustomer: false,
  passFlag: 0,
  ...patch,
});

describe('firstStage', () => {
  it('opens the reset dialog for a forced change, even after a dismissal', () => {
    expect(firstStage(flags({ passFlag: 1 }), false)).toBe('reset');
    expect(firstStage(flags({ passFlag: 1, isWhiteCustomer: true }), true)).toBe('reset');
  });

  it('opens the reset dialog for a suggested change until dismissed', () => {
    expect(firstStage(flags({ passFlag: 2 }), false)).toBe('reset');
    expect(firstStage(flags({ passFlag: 2 }), true)).toBe('none');
  });

  it('prompts for a weak password, and shows nothing for a good one', () => {
    expect(firstStage(flags({ isWeakPassword: true }), false)).toBe('prompt');
    expect(firstStage(flags({ isWeakPassword: true, isWhiteCustomer: true }), true)).toBe('none');
    expect(firstStage(flags({}), false)).toBe('none');
  });
});
