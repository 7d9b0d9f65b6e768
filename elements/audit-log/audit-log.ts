import { createElement, type ReactNode } from 'react';
import {
  AUDIT_LOG_ADDRESS,
  AuditLog,
  type AuditLogStore,
  createAuditLogStore,
} from '../../src/features/audit-log/index.ts';
import { startFromAddress } from '../../src/ui/use-list-address.ts';
import { define } from '../kit/define.ts';
import { ReactElement } from '../kit/react-element.ts';
import { auditLogStyles } from './audit-log.styles.ts';

/**
 * The customer's audit trail, for its administrators (21 CFR Part 11 §11.10(e), EU GMP Annex 11
 * §9): every act on its records, newest first, as sentences in the page's language (who did what
 * to which record, when in China time, why, each field old → new, the electronic signature and
 * whether the record changed since), filtered by record (an order number), record type, user,
 * action and days, paged, and exported as .xlsx or PDF. Masked values arrive masked. A user who
 * is not an administrator of the session's customer is told so.
 *
 * @summary The customer's audit trail, with filters and exports.
 * @tag lp-audit-log
 *
 * @attr {string} api-base - Base URL of the API for the page's calls (default: `LP_CONFIG.apiBase`, else `/api`).
 * @attr {'zh-CN' | 'en'} locale - Language of the page's elements (default: the user's saved choice, else zh-CN).
 * @attr {boolean} no-address-sync - Do not read or write the log's filters and page in the address bar (an embed beside other content).
 *
 * @csspart base - The wrapper of the element's content.
 * @cssproperty --lp-color-primary - Theme colour (default #0095A2).
 */
export class LpAuditLog extends ReactElement {
  static override properties = { noAddressSync: 'boolean' } as const;
  declare noAddressSync: boolean;
  static override styles = auditLogStyles;

  #list: AuditLogStore | null = null;

  /**
   * The log (made on first render); a reload or a shared link shows the entries the address names.
   * @internal (tests and the host read it; not for pages)
   */
  get list(): AuditLogStore {
    if (!this.#list) {
      this.#list = createAuditLogStore();
      if (!this.noAddressSync) startFromAddress(this, this.#list, AUDIT_LOG_ADDRESS);
    }
    return this.#list;
  }

  protected render(): ReactNode {
    return createElement(AuditLog, { list: this.list, syncAddress: !this.noAddressSync });
  }
}

define('lp-audit-log', LpAuditLog);

declare global {
  interface HTMLElementTagNameMap {
    'lp-audit-log': LpAuditLog;
  }
}
