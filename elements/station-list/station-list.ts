import { createElement, type ReactNode } from 'react';
import { StationList } from '../../src/features/station-list/index.ts';
import { define } from '../kit/define.ts';
import { ReactElement } from '../kit/react-element.ts';
import { stationListStyles } from './station-list.styles.ts';

/**
 * The provider's stations and depots by city of the region tree: address, phone (a `tel:` link),
 * opening hours and the temperature classes each handles. Needs no sign-in (the public `/station`
 * page; a partner page may embed it). A search by name, place, address or pinyin initials and
 * filters by province, city, kind and temperature class narrow the list; the number found is
 * announced to screen readers.
 *
 * @summary The provider's stations and depots, searchable by text and pinyin initials.
 * @tag lp-station-list
 *
 * @attr {string} api-base - Base URL of the API for the page's calls (default: `LP_CONFIG.apiBase`, else `/api`).
 * @attr {'zh-CN' | 'en'} locale - Language of the page's elements (default: the user's saved choice, else zh-CN).
 *
 * @csspart base - The wrapper of the element's content.
 * @cssproperty --lp-color-primary - Theme colour (default #0095A2).
 */
export class LpStationList extends ReactElement {
  static override styles = stationListStyles;

  protected render(): ReactNode {
    return createElement(StationList);
  }
}

define('lp-station-list', LpStationList);

declare global {
  interface HTMLElementTagNameMap {
    'lp-station-list': LpStationList;
  }
}
