import { createElement, type ReactNode } from 'react';
import {
  createProjectListStore,
  ProjectList,
  type ProjectListStore,
  projectPath,
} from '../../src/features/project-list/index.ts';
import { define } from '../kit/define.ts';
import { dispatch } from '../kit/events.ts';
import { ReactElement } from '../kit/react-element.ts';
import { projectListStyles } from './project-list.styles.ts';
import { PROJECT_LIST_ADDRESS } from '../../src/features/project-list/index.ts';
import { startFromAddress } from '../../src/ui/use-list-address.ts';

/**
 * The current customer's projects (clinical trials): protocol number, name, phase, sponsor,
 * status, number of sites, orders (open / all) and tags, in a server-paged table sorted by any
 * of its columns but status and tags (newest first until the user sorts), whose columns the user
 * shows, hides and orders (kept per user and customer). The search matches the protocol number,
 * name, sponsor or the name's pinyin initials (`bjzl` finds 北京肿瘤…). Opening a project opens
 * its own tab, titled with the protocol number.
 *
 * @summary The customer's project list.
 * @tag lp-project-list
 *
 * @attr {string} api-base - Base URL of the API for the page's calls (default: `LP_CONFIG.apiBase`, else `/api`).
 * @attr {'zh-CN' | 'en'} locale - Language of the page's elements (default: the user's saved choice, else zh-CN).
 * @attr {boolean} no-address-sync - Do not read or write the list's search, sort and page in the address bar (an embed beside other content).
 *
 * @event {CustomEvent<{ pr_id: number; protocol_no: string; path: string }>} lp-project-open - When the user opens a project (the portal then shows it at `path`, in its own tab).
 *
 * @csspart base - The wrapper of the element's content.
 * @cssproperty --lp-color-primary - Theme colour (default #0095A2).
 */
export class LpProjectList extends ReactElement {
  static override properties = { noAddressSync: 'boolean' } as const;
  declare noAddressSync: boolean;
  static override styles = projectListStyles;

  #list: ProjectListStore | null = null;

  /**
   * The project list (made on first render).
   * @internal (tests and the host read it; not for pages)
   */
  get list(): ProjectListStore {
    if (!this.#list) {
      this.#list = createProjectListStore();
      // a reload or a shared link shows the list the address names
      if (!this.noAddressSync) startFromAddress(this, this.#list, PROJECT_LIST_ADDRESS);
    }
    return this.#list;
  }

  protected render(): ReactNode {
    return createElement(ProjectList, {
      syncAddress: !this.noAddressSync,
      list: this.list,
      onOpen: (project: { pr_id: number; protocol_no: string }) =>
        dispatch(this, 'lp-project-open', { ...project, path: projectPath(project.pr_id) }),
    });
  }
}

define('lp-project-list', LpProjectList);

declare global {
  interface HTMLElementTagNameMap {
    'lp-project-list': LpProjectList;
  }
  interface GlobalEventHandlersEventMap {
    'lp-project-open': CustomEvent<{ pr_id: number; protocol_no: string; path: string }>;
  }
}
