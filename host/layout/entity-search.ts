import { call } from '../../src/api/transport.ts';
import { customerProject } from '../../src/contract/master-data/operations.ts';
import { orderListGet } from '../../src/contract/orders/operations.ts';
import { t } from '../../src/i18n/translate.ts';

/** An order or a project the header search found: what the option shows and where it goes. */
export interface FoundRecord {
  kind: 'order' | 'project';
  title: string;
  detail: string;
  path: string;
}

const PER_KIND = 5;

/**
 * Orders (by number, party or any text the order list's keyword matches) and projects (by
 * protocol number or name) of the current customer account, five of each, through the lists'
 * own calls. Loaded with the search (not in the header's first load); quiet: a failure leaves
 * the page matches.
 */
export async function findRecords(query: string, signal: AbortSignal): Promise<FoundRecord[]> {
  const keyword = query.trim();
  const options = { quiet: true, signal } as const;
  const [orders, projects] = await Promise.all([
    call(orderListGet, { keyword, limit: PER_KIND }, options).catch(() => null),
    call(customerProject, { keyword, limit: PER_KIND }, options).catch(() => null),
  ]);
  return [
    ...(orders?.list ?? []).map((o) => ({
      kind: 'order' as const,
      title: o.order_no,
      detail: [t(`host.search.status.${o.status}`), o.to_company].filter(Boolean).join(' · '),
      path: `/customer-order/view/${o.id}`,
    })),
    ...(projects?.list ?? []).map((p) => ({
      kind: 'project' as const,
      title: p.protocol_no,
      detail: p.name,
      path: `/customer-project/view/${p.pr_id}`,
    })),
  ];
}
