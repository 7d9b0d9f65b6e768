import * as v from 'valibot';
import { distinct, Id, Int4, IntIn, IntLike, Text, TrimmedText } from '../fields.ts';
import { msg } from '../messages.ts';

/** Customer-service chat (docs/api.md "Customer-service chat"). */

/** Header that carries the chat session issued by `common/get-qa-config`. */
export const CHAT_SESSION_HEADER = 'X-Chat-Session';
/** A chat session id: 16 random bytes, base64url (22 characters). */
export const CHAT_SESSION_PATTERN = /^[A-Za-z0-9_-]{22}$/;

/** Page size of the chat's question lists (spec §9). */
export const CHAT_PAGE_SIZE = 5;
export const CHAT_PAGE_MAX = 20;
export const KEYWORD_MAX = 50;
export const COMMENT_DESC_MAX = 200;

/** comment_type: 1 solved, 2 unsolved. */
export const CommentType = { solved: 1, unsolved: 2 } as const;
/** Reasons of an unsolved answer (spec §3). */
export const CommentReason = {
  offTopic: 1,
  inaccurate: 2,
  tooSimple: 3,
  notUnderstandable: 4,
  notSolved: 5,
  other: 6,
} as const;

/** `action_id=0` and `action_page` travel with every chat call; `app_source=2` with some. */
const Tracking = {
  action_id: v.optional(Int4),
  action_page: v.optional(Text(512)),
  app_source: v.optional(Int4),
};

const Limit = (fallback: number) => v.optional(IntIn(1, CHAT_PAGE_MAX), fallback);

export const QaConfigQuery = v.strictObject({ ...Tracking });

export const CateListQuery = v.strictObject({ ...Tracking });

export const CateQuestionListQuery = v.strictObject({
  ...Tracking,
  cate_id: Id,
  /** 1-based; a page past the last wraps around ("change a batch"). */
  page: v.optional(Id, 1),
  limit: Limit(CHAT_PAGE_SIZE),
});
export type CateQuestionListQuery = v.InferOutput<typeof CateQuestionListQuery>;

export const AnswerListQuery = v.strictObject({ ...Tracking, q_id: Id });

export const ChangeQuestionListQuery = v.strictObject({
  ...Tracking,
  q_id: Id,
  /** The batch wanted; answer-list showed batch 1, so the default is the next one. Wraps around. */
  page: v.optional(Id, 2),
  limit: Limit(CHAT_PAGE_SIZE),
});
export type ChangeQuestionListQuery = v.InferOutput<typeof ChangeQuestionListQuery>;

export const SearchQuery = v.strictObject({
  ...Tracking,
  keyword: v.pipe(
    v.string(msg('string')),
    v.trim(),
    v.nonEmpty(msg('keywordRequired')),
    v.maxLength(KEYWORD_MAX, msg('maxLength', { max: KEYWORD_MAX })),
  ),
  limit: Limit(10),
});

export const AddCommentRequest = v.pipe(
  v.strictObject({
    ...Tracking,
    a_id: v.pipe(
      v.array(Id, msg('list')),
      v.minLength(1, msg('minItems', { min: 1 })),
      v.maxLength(20, msg('maxItems', { max: 20 })),
      v.check(distinct<number>, msg('repeated')),
    ),
    comment_type: v.pipe(
      IntLike,
      v.picklist([CommentType.solved, CommentType.unsolved], msg('oneOf', { values: '1, 2' })),
    ),
    comment_desc: v.optional(TrimmedText(COMMENT_DESC_MAX), ''),
    comment_tag: v.optional(
      v.pipe(
        v.array(IntIn(1, 6), msg('list')),
        v.maxLength(6, msg('maxItems', { max: 6 })),
        v.check(distinct<number>, msg('repeated')),
      ),
      [],
    ),
  }),
  v.forward(
    v.check(
      (c) => c.comment_type === CommentType.unsolved || c.comment_tag.length === 0,
      msg('reasonsOnlyUnsolved'),
    ),
    ['comment_tag'],
  ),
);
export type AddCommentRequest = v.InferInput<typeof AddCommentRequest>;

export const ChatCategorySchema = v.object({ qc_id: v.number(), qc_name: v.string() });
export type ChatCategory = v.InferOutput<typeof ChatCategorySchema>;

export const ChatQuestionRefSchema = v.object({ q_id: v.number(), q_name: v.string() });
export type ChatQuestionRef = v.InferOutput<typeof ChatQuestionRefSchema>;

export const ChatAnswerSchema = v.object({
  a_id: v.number(),
  /** Sanitized HTML (p, lists, strong/em, links, h4, simple tables). */
  text: v.string(),
});
export type ChatAnswer = v.InferOutput<typeof ChatAnswerSchema>;

export const QaConfigSchema = v.object({
  welcome: v.string(),
  phone: v.string(),
  website: v.string(),
  hot: v.array(ChatQuestionRefSchema),
  /** The chat session to send back as `X-Chat-Session` (the same one when a valid one was sent). */
  session: v.string(),
});
export type QaConfig = v.InferOutput<typeof QaConfigSchema>;

/** A page of questions; `page` is the page actually returned (after wrapping around). */
export const ChatQuestionPageSchema = v.object({
  list: v.array(ChatQuestionRefSchema),
  total: v.number(),
  page: v.number(),
});
export type ChatQuestionPage = v.InferOutput<typeof ChatQuestionPageSchema>;

/** The question answered, named in the caller's language, with its category (a deep link's title). */
export const AnsweredQuestionSchema = v.object({ q_id: v.number(), q_name: v.string(), qc_id: v.number() });
export type AnsweredQuestion = v.InferOutput<typeof AnsweredQuestionSchema>;

export const AnswerListSchema = v.object({
  list: v.array(ChatAnswerSchema),
  related: v.array(ChatQuestionRefSchema),
  question: AnsweredQuestionSchema,
});
export type AnswerList = v.InferOutput<typeof AnswerListSchema>;

export const AddCommentResponse = v.object({ comment_id: v.number() });
export type AddCommentResponse = v.InferOutput<typeof AddCommentResponse>;
