import { atom } from 'nanostores';
import type { LoginResponse, PassFlag } from '../contract/accounts/schemas.ts';
import { shared } from './registry.ts';
import { local } from './storage.ts';

/** The login flags of spec §9, kept in localStorage. */
export interface PasswordFlags {
  isWeakPassword: boolean;
  isWhiteCustomer: boolean;
  passFlag: PassFlag;
}

const FLAG_KEYS = { weak: 'is_weak_password', white: 'is_white_customer', pass: 'pass_flag' } as const;

function readFlags(): PasswordFlags {
  const pass = Number(local.get(FLAG_KEYS.pass));
  return {
    isWeakPassword: local.get(FLAG_KEYS.weak) === 'true',
    isWhiteCustomer: local.get(FLAG_KEYS.white) === 'true',
    passFlag: pass === 1 || pass === 2 ? pass : 0,
  };
}

const state = shared('password-flags', () => ({ flags: atom<PasswordFlags>(readFlags()) }));

/** Whether the password is weak, the customer white-listed, and a change forced (1) or suggested (2). */
export const $passwordFlags = state.flags;

/** Stores the flags a login or the user info answered. */
export function storeFlags(
  from: Pick<LoginResponse, 'is_weak_password' | 'is_white_customer' | 'pass_flag'>,
): void {
  local.set(FLAG_KEYS.weak, String(from.is_weak_password));
  local.set(FLAG_KEYS.white, String(from.is_white_customer));
  local.set(FLAG_KEYS.pass, String(from.pass_flag ?? 0));
  $passwordFlags.set(readFlags());
}

/** The server said a change is forced (463): the forced password change opens (spec §4). */
export function requirePasswordChange(): void {
  local.set(FLAG_KEYS.pass, '1');
  $passwordFlags.set({ ...$passwordFlags.get(), passFlag: 1 });
}
