import { createElement, type ReactNode } from 'react';
import { ApiClients } from '../../src/features/api-clients/index.ts';
import { define } from '../kit/define.ts';
import { ReactElement } from '../kit/react-element.ts';
import { apiClientsStyles } from './api-clients.styles.ts';

/**
 * The customer's API clients, for its administrators (issue 33): the sponsor's systems (IRT/RTSM,
 * ERP) that call the portal with OAuth 2.0 client-credentials tokens. Lists each client (name and
 * client id, scopes, made when and by whom, last used, active or revoked), makes one (name,
 * scopes, allowed source addresses) and shows its secret once with a copy button and a warning,
 * rotates a secret (the old one stopping now or after a grace) and revokes a client after asking.
 * A user who is not an administrator of the session's customer is told so.
 *
 * @summary The customer's API clients: create, rotate, revoke.
 * @tag lp-api-clients
 *
 * @attr {string} api-base - Base URL of the API for the page's calls (default: `LP_CONFIG.apiBase`, else `/api`).
 * @attr {'zh-CN' | 'en'} locale - Language of the page's elements (default: the user's saved choice, else zh-CN).
 *
 * @csspart base - The wrapper of the element's content.
 * @cssproperty --lp-color-primary - Theme colour (default #0095A2).
 */
export class LpApiClients extends ReactElement {
  static override styles = apiClientsStyles;

  protected render(): ReactNode {
    return createElement(ApiClients);
  }
}

define('lp-api-clients', LpApiClients);

declare global {
  interface HTMLElementTagNameMap {
    'lp-api-clients': LpApiClients;
  }
}
