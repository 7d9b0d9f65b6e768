import type { DB } from '../db/database.ts';
import { seedChat } from '../areas/chat/seed.ts';
import { chatKnowledgeChanged } from '../areas/chat/search-index.ts';
import { seedMenu } from '../areas/menu/seed.ts';
import { seedRegions } from './regions.ts';

/**
 * The portal's reference data, which every installation needs, production included: user groups
 * and their role labels, the default menu, the about-dialog settings, the customer-service
 * knowledge base and the region tree (seed/regions.ts). No accounts, no customers, no personal
 * data (those are the demo data, seeded only when asked: seed/demo.ts). Each part is written only where it is missing, so this runs on
 * every start.
 */
const DRUG_ADMIN = '临床药品管理员';

/** User groups; the spec's groups 19, 20, 23, 26, 31, 42, 49 carry the drug-administrator label. */
const GROUPS: Array<[number, string, string]> = [
  [19, '申办方药品管理', DRUG_ADMIN],
  [20, 'CRO 药品管理', DRUG_ADMIN],
  [23, '医院药房', DRUG_ADMIN],
  [26, '区域药品管理', DRUG_ADMIN],
  [31, '研究中心药品管理', DRUG_ADMIN],
  [42, '供应链协调', DRUG_ADMIN],
  [49, '临床运营', DRUG_ADMIN],
  [60, '客户财务', ''],
];

export interface BaseOptions {
  servicePhone: string;
  serviceWebsite: string;
}

/** Writes whatever reference data is missing; returns the parts it wrote. */
export async function seedBase(db: DB, options: BaseOptions): Promise<string[]> {
  const wrote: string[] = [];
  await db.transaction().execute(async (trx) => {
    const group = await trx.selectFrom('user_groups').select('sg_id').limit(1).executeTakeFirst();
    if (!group) {
      await trx
        .insertInto('user_groups')
        .values(GROUPS.map(([sg_id, name, role_label]) => ({ sg_id, name, role_label })))
        .execute();
      wrote.push('user groups');
    }
    const setting = await trx.selectFrom('app_settings').select('key').limit(1).executeTakeFirst();
    if (!setting) {
      await trx
        .insertInto('app_settings')
        .values([
          { key: 'service_phone', value: options.servicePhone },
          { key: 'service_website', value: options.serviceWebsite },
          { key: 'version', value: 'V 2.9' },
        ])
        .execute();
      wrote.push('settings');
    }
    const menu = await trx.selectFrom('menu_routes').select('id').limit(1).executeTakeFirst();
    if (!menu) {
      await seedMenu(trx, null);
      wrote.push('menu');
    }
    if ((await seedRegions(trx)) > 0) wrote.push('regions');
    const chat = await trx.selectFrom('chat_categories').select('qc_id').limit(1).executeTakeFirst();
    if (!chat) {
      await seedChat(trx, { servicePhone: options.servicePhone });
      wrote.push('knowledge base');
    }
  });
  // After the commit: a chat search loading its index meanwhile would miss the seeded questions.
  if (wrote.includes('knowledge base')) chatKnowledgeChanged();
  return wrote;
}
