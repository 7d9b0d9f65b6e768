import { createElement, type ReactNode } from 'react';
import { WebhookEndpoints } from '../../src/features/webhook-endpoints/index.ts';
import { define } from '../kit/define.ts';
import { ReactElement } from '../kit/react-element.ts';
import { webhookEndpointsStyles } from './webhook-endpoints.styles.ts';

/**
 * The customer's webhooks, for its administrators (Standard Webhooks 1.0, docs/decisions/webhooks.md):
 * its endpoints with their events, state and newest attempt; adding and editing one (https address,
 * description, events), its signing secret (shown after adding or rotating, and on asking),
 * rotating it (the old one signs beside it for 24 hours), disabling, enabling, deleting, a test
 * event, and each endpoint's delivery log (answer codes, attempts, excerpts) with replays. A user
 * who is not an administrator of the session's customer is told so.
 *
 * @summary The customer's webhook endpoints, their secrets and delivery log.
 * @tag lp-webhook-endpoints
 *
 * @attr {string} api-base - Base URL of the API for the page's calls (default: `LP_CONFIG.apiBase`, else `/api`).
 * @attr {'zh-CN' | 'en'} locale - Language of the page's elements (default: the user's saved choice, else zh-CN).
 *
 * @csspart base - The wrapper of the element's content.
 * @cssproperty --lp-color-primary - Theme colour (default #0095A2).
 */
export class LpWebhookEndpoints extends ReactElement {
  static override styles = webhookEndpointsStyles;

  protected render(): ReactNode {
    return createElement(WebhookEndpoints);
  }
}

define('lp-webhook-endpoints', LpWebhookEndpoints);

declare global {
  interface HTMLElementTagNameMap {
    'lp-webhook-endpoints': LpWebhookEndpoints;
  }
}
