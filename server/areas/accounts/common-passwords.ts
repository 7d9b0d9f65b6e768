import { COMMON_PASSWORDS } from '../../../src/contract/password.ts';

/**
 * The long list of common passwords, on the server only (the browser carries the contract's short
 * one): the 49,233 passwords of @zxcvbn-ts/language-common, the list zxcvbn ranks by how often
 * they appear in leaked password sets (380 kB of code, about 10 MB once read, loaded at the first
 * check: about 0.1–0.2 s). A new password is refused when it is on the list, ignoring case, with
 * look-alike symbols read as letters (`P@ssw0rd`), or once the digits and symbols around a word
 * are taken off (`Summer2026!`, `!Password1`): the shapes people give a common word to meet a
 * class rule.
 */
let loaded: Promise<ReadonlySet<string>> | undefined;

function commonList(): Promise<ReadonlySet<string>> {
  loaded ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) =>
      new Set([
        ...(dictionary['passwords-common'] as string[]),
        ...[...COMMON_PASSWORDS].map((p) => p.toLowerCase()),
      ]),
  );
  return loaded;
}

const LEET: Record<string, string> = {
  '@': 'a',
  '4': 'a',
  '0': 'o',
  '3': 'e',
  $: 's',
  '5': 's',
  '7': 't',
  '!': 'i',
};

/** The spellings of a password looked up in the list. */
export function spellings(password: string): string[] {
  const lower = password.toLowerCase();
  const unleet = (text: string, one: string) =>
    [...text].map((ch) => (ch === '1' ? one : (LEET[ch] ?? ch))).join('');
  const word = (text: string) => text.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');
  const out = new Set([lower, word(lower)]);
  for (const one of ['i', 'l']) {
    out.add(unleet(lower, one));
    out.add(unleet(word(lower), one));
    // the word once look-alikes inside it are letters, with what surrounds it taken off
    out.add(word(unleet(lower.replace(/^[\d\W_]+|[\d\W_]+$/g, ''), one)));
  }
  return [...out].filter((s) => [...s].length >= 4);
}

/** Whether a password is on the common list in any of its spellings. */
export async function isCommonPassword(password: string): Promise<boolean> {
  const list = await commonList();
  return spellings(password).some((s) => list.has(s));
}
