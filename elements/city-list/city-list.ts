import { createElement, type ReactNode } from 'react';
import { CityList } from '../../src/features/city-list/index.ts';
import { define } from '../kit/define.ts';
import { ReactElement } from '../kit/react-element.ts';
import { cityListStyles } from './city-list.styles.ts';

/**
 * The region tree the provider delivers in: provinces, their cities and districts, each marked
 * served or not served (in words, not colour alone), with how many of the customer's sites and
 * addresses are in it. An accessible tree (WAI-ARIA tree pattern: arrow keys, Home / End, Enter,
 * type-ahead by name or pinyin initials) that loads a region's children when it is first opened
 * and renders only the open regions' rows. The search (Chinese or English name, pinyin
 * initials) opens the tree down to every match and marks them; ↓ in the search goes to the first.
 *
 * @summary The province → city → district tree with delivery coverage.
 * @tag lp-city-list
 *
 * @attr {string} api-base - Base URL of the API for the page's calls (default: `LP_CONFIG.apiBase`, else `/api`).
 * @attr {'zh-CN' | 'en'} locale - Language of the page's elements (default: the user's saved choice, else zh-CN).
 *
 * @csspart base - The wrapper of the element's content.
 * @cssproperty --lp-color-primary - Theme colour (default #0095A2).
 */
export class LpCityList extends ReactElement {
  static override styles = cityListStyles;

  protected render(): ReactNode {
    return createElement(CityList);
  }
}

define('lp-city-list', LpCityList);

declare global {
  interface HTMLElementTagNameMap {
    'lp-city-list': LpCityList;
  }
}
