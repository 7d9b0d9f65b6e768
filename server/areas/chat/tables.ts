import type { Generated } from 'kysely';
import type { GeneratedTimestamp, Json } from '../../db/columns.ts';

export interface ChatCategoriesTable {
  qc_id: Generated<number>;
  qc_name: string;
  /** English name (null: not translated, the Chinese one is shown). */
  qc_name_en: string | null;
  position: Generated<number>;
  active: Generated<boolean>;
}

export interface ChatQuestionsTable {
  q_id: Generated<number>;
  qc_id: number;
  q_name: string;
  /** English name (null: not translated, the Chinese one is shown). */
  q_name_en: string | null;
  /** Search words beside the name (synonyms, English terms), separated by spaces. */
  keywords: Generated<string>;
  /** English search words beside the English name, separated by spaces. */
  keywords_en: Generated<string>;
  position: Generated<number>;
  /** Not null: shown among the hot questions of the welcome, in this order. */
  hot_rank: number | null;
  active: Generated<boolean>;
  updated_at: GeneratedTimestamp;
}

export interface ChatAnswersTable {
  a_id: Generated<number>;
  q_id: number;
  position: Generated<number>;
  /** Sanitized HTML (server/services/sanitize.ts): store only through server/services/chat-answers.ts. */
  text: string;
  /** The English text, sanitized the same way (null: not translated, the Chinese one is shown). */
  text_en: string | null;
  updated_at: GeneratedTimestamp;
}

export interface ChatRelatedQuestionsTable {
  q_id: number;
  related_q_id: number;
  position: Generated<number>;
}

export interface ChatSessionsTable {
  id: string;
  created_at: GeneratedTimestamp;
  uid: number | null;
}

export interface ChatCommentsTable {
  id: Generated<number>;
  chat_session: string;
  uid: number | null;
  cu_id: number | null;
  comment_type: number;
  comment_desc: Generated<string>;
  comment_tag: Json<number[]>;
  created_at: GeneratedTimestamp;
}

export interface ChatCommentAnswersTable {
  chat_session: string;
  a_id: number;
  comment_id: number;
}

declare module '../../db/schema.ts' {
  interface Database {
    chat_categories: ChatCategoriesTable;
    chat_questions: ChatQuestionsTable;
    chat_answers: ChatAnswersTable;
    chat_related_questions: ChatRelatedQuestionsTable;
    chat_sessions: ChatSessionsTable;
    chat_comments: ChatCommentsTable;
    chat_comment_answers: ChatCommentAnswersTable;
  }
}
