import type { ChatQuestionRef } from '../../../src/contract/chat/schemas.ts';
import type { ServerConfig } from '../../config.ts';
import type { DB } from '../../db/database.ts';
import { hotQuestions } from './questions.ts';

/** How many hot questions the welcome message offers. */
export const HOT_COUNT = 6;

export const DEFAULT_WELCOME =
  '您好，欢迎使用在线客服！请选择下方的常见问题或分类，也可以直接输入您的问题。人工客服工作时间：工作日 8:30–18:00。';

export interface QaSettings {
  welcome: string;
  phone: string;
  website: string;
  hot: ChatQuestionRef[];
}

/** Welcome text, service phone and website (app_settings, falling back to the server config) and hot questions. */
export async function qaSettings(db: DB, config: ServerConfig): Promise<QaSettings> {
  const rows = await db
    .selectFrom('app_settings')
    .select(['key', 'value'])
    .where('key', 'in', ['chat_welcome', 'service_phone', 'service_website'])
    .execute();
  const setting = new Map(rows.map((r) => [r.key, r.value]));
  return {
    welcome: setting.get('chat_welcome') ?? DEFAULT_WELCOME,
    phone: setting.get('service_phone') ?? config.servicePhone,
    website: setting.get('service_website') ?? config.serviceWebsite,
    hot: await hotQuestions(db, HOT_COUNT),
  };
}
