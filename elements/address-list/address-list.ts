import { createElement, type ReactNode } from 'react';
import {
  AddressList,
  type AddressListStore,
  createAddressListStore,
} from '../../src/features/address-list/index.ts';
import { define } from '../kit/define.ts';
import { dispatch } from '../kit/events.ts';
import { ReactElement } from '../kit/react-element.ts';
import { addressListStyles } from './address-list.styles.ts';
import { ADDRESS_LIST_ADDRESS } from '../../src/features/address-list/index.ts';
import { startFromAddress } from '../../src/ui/use-list-address.ts';

/** What changed in the address book. */
export interface AddressChange {
  ad_id: number;
  action: 'create' | 'update' | 'delete';
}

/**
 * The address book: the current customer's pickup (start) and delivery (stop) addresses, by
 * tab, searchable by company, contact, phone, city or pinyin initials, server paged and sorted,
 * with the platform's column settings. An address is added and edited in a dialog (the province
 * → city → district picker, the phone checked as a Chinese mobile or landline, the same rules as
 * the server's) and deleted after a confirmation. When someone else saved the address meanwhile,
 * the dialog shows their values next to the user's, to take theirs or overwrite knowingly. The
 * order editor's pickers offer a change at once.
 *
 * @summary The customer's address book: list, add, edit and delete addresses.
 * @tag lp-address-list
 *
 * @attr {string} api-base - Base URL of the API for the page's calls (default: `LP_CONFIG.apiBase`, else `/api`).
 * @attr {'zh-CN' | 'en'} locale - Language of the page's elements (default: the user's saved choice, else zh-CN).
 * @attr {boolean} no-address-sync - Do not read or write the list's search, sort and page in the address bar (an embed beside other content).
 *
 * @event {CustomEvent<{ ad_id: number; action: 'create' | 'update' | 'delete' }>} lp-address-change - After an address was added, changed or deleted.
 *
 * @csspart base - The wrapper of the element's content.
 * @cssproperty --lp-color-primary - Theme colour (default #0095A2).
 */
export class LpAddressList extends ReactElement {
  static override properties = { noAddressSync: 'boolean' } as const;
  declare noAddressSync: boolean;
  static override styles = addressListStyles;

  #list: AddressListStore | null = null;

  /**
   * The address list (made on first render).
   * @internal (tests and the host read it; not for pages)
   */
  get list(): AddressListStore {
    if (!this.#list) {
      this.#list = createAddressListStore();
      // a reload or a shared link shows the list the address names
      if (!this.noAddressSync) startFromAddress(this, this.#list, ADDRESS_LIST_ADDRESS);
    }
    return this.#list;
  }

  protected render(): ReactNode {
    return createElement(AddressList, {
      syncAddress: !this.noAddressSync,
      list: this.list,
      onChange: (change: AddressChange) => dispatch(this, 'lp-address-change', change),
    });
  }
}

define('lp-address-list', LpAddressList);

declare global {
  interface HTMLElementTagNameMap {
    'lp-address-list': LpAddressList;
  }
  interface GlobalEventHandlersEventMap {
    'lp-address-change': CustomEvent<AddressChange>;
  }
}
