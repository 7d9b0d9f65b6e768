import * as v from 'valibot';
import { IntLike } from './common.ts';

/** Customer-service chat (contract.md "Customer service (chat)", docs/api.md "Customer-service chat"). */

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

const INT_MAX = 2_147_483_647;

const Id = (name: string) =>
  v.pipe(
    IntLike,
    v.minValue(1, `${name} must be a positive whole number`),
    v.maxValue(INT_MAX, `${name} is too large`),
  );

/** `action_id=0` and `action_page` travel with every chat call; `app_source=2` with some. */
const Tracking = {
  action_id: v.optional(IntLike),
  action_page: v.optional(v.pipe(v.string('action_page must be a string'), v.maxLength(512))),
  app_source: v.optional(IntLike),
};

export const QaConfigQuery = v.strictObject({ ...Tracking });

export const CateListQuery = v.strictObject({ ...Tracking });

export const CateQuestionListQuery = v.strictObject({
  ...Tracking,
  cate_id: Id('cate_id'),
  /** 1-based; a page past the last wraps around ("change a batch"). */
  page: v.optional(Id('page'), 1),
  limit: v.optional(
    v.pipe(IntLike, v.minValue(1, 'limit is at least 1'), v.maxValue(CHAT_PAGE_MAX, 'limit is at most 20')),
    CHAT_PAGE_SIZE,
  ),
});
export type CateQuestionListQuery = v.InferOutput<typeof CateQuestionListQuery>;

export const AnswerListQuery = v.strictObject({ ...Tracking, q_id: Id('q_id') });

export const ChangeQuestionListQuery = v.strictObject({
  ...Tracking,
  q_id: Id('q_id'),
  /** The batch wanted; answer-list showed batch 1, so the default is the next one. Wraps around. */
  page: v.optional(Id('page'), 2),
  limit: v.optional(
    v.pipe(IntLike, v.minValue(1, 'limit is at least 1'), v.maxValue(CHAT_PAGE_MAX, 'limit is at most 20')),
    CHAT_PAGE_SIZE,
  ),
});
export type ChangeQuestionListQuery = v.InferOutput<typeof ChangeQuestionListQuery>;

export const SearchQuery = v.strictObject({
  ...Tracking,
  keyword: v.pipe(
    v.string('keyword must be a string'),
    v.trim(),
    v.nonEmpty('please type a question'),
    v.maxLength(KEYWORD_MAX, `keyword is at most ${KEYWORD_MAX} characters`),
  ),
  limit: v.optional(
    v.pipe(IntLike, v.minValue(1, 'limit is at least 1'), v.maxValue(CHAT_PAGE_MAX, 'limit is at most 20')),
    10,
  ),
});

const distinct = (items: number[]) => new Set(items).size === items.length;

export const AddCommentRequest = v.pipe(
  v.strictObject({
    ...Tracking,
    a_id: v.pipe(
      v.array(Id('a_id'), 'a_id must be a list of answer ids'),
      v.minLength(1, 'a_id names at least one answer'),
      v.maxLength(20, 'a_id names at most 20 answers'),
      v.check(distinct, 'a_id names an answer twice'),
    ),
    comment_type: v.pipe(
      IntLike,
      v.picklist([CommentType.solved, CommentType.unsolved], 'comment_type is 1 (solved) or 2 (unsolved)'),
    ),
    comment_desc: v.optional(
      v.pipe(
        v.string('comment_desc must be a string'),
        v.trim(),
        v.maxLength(COMMENT_DESC_MAX, `comment_desc is at most ${COMMENT_DESC_MAX} characters`),
      ),
      '',
    ),
    comment_tag: v.optional(
      v.pipe(
        v.array(
          v.pipe(IntLike, v.minValue(1, 'reasons are 1 to 6'), v.maxValue(6, 'reasons are 1 to 6')),
          'comment_tag must be a list of reasons',
        ),
        v.maxLength(6, 'comment_tag has at most 6 reasons'),
        v.check(distinct, 'comment_tag names a reason twice'),
      ),
      [],
    ),
  }),
  v.forward(
    v.check(
      (c) => c.comment_type === CommentType.unsolved || c.comment_tag.length === 0,
      'reasons are given only for an unsolved answer',
    ),
    ['comment_tag'],
  ),
);
export type AddCommentRequest = v.InferInput<typeof AddCommentRequest>;

export interface ChatCategory {
  qc_id: number;
  qc_name: string;
}

export interface ChatQuestionRef {
  q_id: number;
  q_name: string;
}

export interface ChatAnswer {
  a_id: number;
  /** Sanitized HTML (p, lists, strong/em, links, h4, simple tables). */
  text: string;
}

export interface QaConfig {
  welcome: string;
  phone: string;
  website: string;
  hot: ChatQuestionRef[];
  /** The chat session to send back as `X-Chat-Session` (the same one when a valid one was sent). */
  session: string;
}

/** A page of questions; `page` is the page actually returned (after wrapping around). */
export interface ChatQuestionPage {
  list: ChatQuestionRef[];
  total: number;
  page: number;
}

export interface AnswerList {
  list: ChatAnswer[];
  related: ChatQuestionRef[];
}

export interface AddCommentResponse {
  comment_id: number;
}
