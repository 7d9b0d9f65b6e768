import type { ChatQuestionRef } from '../../../src/contract/chat/schemas.ts';
import type { Lang } from '../../../src/contract/messages.ts';
import type { ServerConfig } from '../../config.ts';
import type { DB } from '../../db/database.ts';
import { hotQuestions } from './questions.ts';

/** How many hot questions the welcome message offers. */
export const HOT_COUNT = 6;

export const DEFAULT_WELCOME: Readonly<Record<Lang, string>> = {
  'zh-CN':
    '您好，欢迎使用在线客服！请选择下方的常见问题或分类，也可以直接输入您的问题。人工客服工作时间：工作日 8:30–18:00。',
  en: 'Hello and welcome to customer service! Choose a common question or a topic below, or type your own question. Our agents are available on working days, 8:30–18:00 (China time).',
};

/** app_settings key of the welcome text in each language. */
export const WELCOME_KEY: Readonly<Record<Lang, string>> = { 'zh-CN': 'chat_welcome', en: 'chat_welcome_en' };

export interface QaSettings {
  welcome: string;
  phone: string;
  website: string;
  hot: ChatQuestionRef[];
}

/**
 * Welcome text (in the caller's language), service phone and website (app_settings, falling back
 * to the server config) and hot questions (in the caller's language).
 */
export async function qaSettings(db: DB, config: ServerConfig, lang: Lang): Promise<QaSettings> {
  const rows = await db
    .selectFrom('app_settings')
    .select(['key', 'value'])
    .where('key', 'in', [WELCOME_KEY[lang], 'service_phone', 'service_website'])
    .execute();
  const setting = new Map(rows.map((r) => [r.key, r.value]));
  return {
    welcome: setting.get(WELCOME_KEY[lang]) ?? DEFAULT_WELCOME[lang],
    phone: setting.get('service_phone') ?? config.servicePhone,
    website: setting.get('service_website') ?? config.serviceWebsite,
    hot: await hotQuestions(db, HOT_COUNT, lang),
  };
}
