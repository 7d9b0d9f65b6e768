import { createElement, type ReactNode } from 'react';
import {
  createSiteListStore,
  HospitalList,
  projectPath,
  type SiteListStore,
} from '../../src/features/hospital-list/index.ts';
import { navigate } from '../../src/stores/navigation.ts';
import { define } from '../kit/define.ts';
import { dispatch } from '../kit/events.ts';
import { ReactElement } from '../kit/react-element.ts';
import { hospitalListStyles } from './hospital-list.styles.ts';
import { SITE_LIST_ADDRESS } from '../../src/features/hospital-list/index.ts';
import { startFromAddress } from '../../src/ui/use-list-address.ts';

/**
 * The customer's trial sites (hospital departments): department, investigator, province / city /
 * district and the projects each serves (a protocol number opens the project's view). Server
 * paged and sorted, searchable by name, department, investigator, city and pinyin initials,
 * filtered by project and province; the columns can be shown, hidden and reordered (kept per
 * user by the server). A site's name opens its details in a dialog.
 *
 * @summary The hospital (site) list with its projects.
 * @tag lp-hospital-list
 *
 * @attr {string} api-base - Base URL of the API for the page's calls (default: `LP_CONFIG.apiBase`, else `/api`).
 * @attr {'zh-CN' | 'en'} locale - Language of the page's elements (default: the user's saved choice, else zh-CN).
 * @attr {boolean} no-address-sync - Do not read or write the list's search, sort and page in the address bar (an embed beside other content).
 *
 * @event {CustomEvent<{ pr_id: number; protocol_no: string; path: string }>} lp-project-open - When the user opens a project (the portal then shows it at `path`).
 *
 * @csspart base - The wrapper of the element's content.
 * @cssproperty --lp-color-primary - Theme colour (default #0095A2).
 */
export class LpHospitalList extends ReactElement {
  static override properties = { noAddressSync: 'boolean' } as const;
  declare noAddressSync: boolean;
  static override styles = hospitalListStyles;

  #list: SiteListStore | null = null;

  /**
   * The site list (made on first render).
   * @internal (tests and the host read it; not for pages)
   */
  get list(): SiteListStore {
    if (!this.#list) {
      this.#list = createSiteListStore();
      // a reload or a shared link shows the list the address names
      if (!this.noAddressSync) startFromAddress(this, this.#list, SITE_LIST_ADDRESS);
    }
    return this.#list;
  }

  #openProject = (project: { pr_id: number; protocol_no: string }) => {
    const path = projectPath(project.pr_id);
    dispatch(this, 'lp-project-open', { pr_id: project.pr_id, protocol_no: project.protocol_no, path });
    navigate(path);
  };

  protected render(): ReactNode {
    return createElement(HospitalList, {
      syncAddress: !this.noAddressSync,
      list: this.list,
      onOpenProject: this.#openProject,
    });
  }
}

define('lp-hospital-list', LpHospitalList);

declare global {
  interface HTMLElementTagNameMap {
    'lp-hospital-list': LpHospitalList;
  }
  interface GlobalEventHandlersEventMap {
    'lp-project-open': CustomEvent<{ pr_id: number; protocol_no: string; path: string }>;
  }
}
