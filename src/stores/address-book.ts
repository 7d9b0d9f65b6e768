import { atom, type ReadableAtom } from 'nanostores';
import { shared } from './registry.ts';

/**
 * How many times the customer's address book changed on this page (create, edit, delete in
 * `<lp-address-list>`). Whoever shows addresses (the order editor's start and stop pickers) keys
 * its load on it, so a new address is offered at once, even by an editor already open in a tab.
 */
const $revision = shared('addressBook.revision', () => atom(0));
export const $addressBookRevision: ReadableAtom<number> = $revision;

/** Says the address book changed: pickers load their addresses again. */
export function addressBookChanged(): void {
  $revision.set($revision.get() + 1);
}
