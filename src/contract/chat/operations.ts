import * as v from 'valibot';
import { Code } from '../codes.ts';
import { operation } from '../operation.ts';
import {
  AddCommentRequest,
  AddCommentResponse,
  AnswerListQuery,
  AnswerListSchema,
  CateListQuery,
  CateQuestionListQuery,
  ChangeQuestionListQuery,
  ChatCategorySchema,
  ChatQuestionPageSchema,
  ChatQuestionRefSchema,
  QaConfigQuery,
  QaConfigSchema,
  SearchQuery,
} from './schemas.ts';

/**
 * The customer-service chat: it works without a token (partner pages embed it), is open to the
 * configured partner origins, and is rate-limited per client address.
 */
const area = 'chat';
const READS = { by: 'ip', limit: 60, windowMs: 60_000, bucket: 'chat-read' } as const;
const COMMENTS = { by: 'ip', limit: 10, windowMs: 60_000, bucket: 'chat-comment' } as const;

export const qaConfig = operation({
  area,
  method: 'GET',
  path: 'common/get-qa-config',
  summary: 'The chat’s welcome text, service phone, website, hot questions and chat session',
  auth: 'optional',
  cors: true,
  input: QaConfigQuery,
  output: QaConfigSchema,
  rateLimits: [READS],
});

/** contract: GET; the spec's client POSTs it (spec §7 "Common"): both are served. */
export const qaConfigPost = operation({
  ...qaConfig,
  method: 'POST',
  audit: { none: 'reads; opens a chat session, no GxP record' },
  summary: 'The same as the GET, as the spec’s client posts it (JSON or form body, may be empty)',
  encoding: 'json-or-form',
  bodyOptional: true,
});

export const categories = operation({
  area,
  method: 'GET',
  path: 'customer-service/cate-list',
  summary: 'The chat’s question categories (the first 5 are the top ones)',
  auth: 'public',
  cors: true,
  input: CateListQuery,
  output: v.array(ChatCategorySchema),
  rateLimits: [READS],
});

export const categoryQuestions = operation({
  area,
  method: 'GET',
  path: 'customer-service/cate-question-list',
  summary: 'One page of a category’s questions (wraps around past the last page)',
  auth: 'public',
  cors: true,
  input: CateQuestionListQuery,
  output: ChatQuestionPageSchema,
  rateLimits: [READS],
  codes: [Code.notFound],
});

export const answers = operation({
  area,
  method: 'GET',
  path: 'customer-service/answer-list',
  summary: 'The answers of a question (sanitized HTML) and related questions',
  auth: 'public',
  cors: true,
  input: AnswerListQuery,
  output: AnswerListSchema,
  rateLimits: [READS],
  codes: [Code.notFound],
});

export const relatedBatch = operation({
  area,
  method: 'GET',
  path: 'customer-service/change-question-list',
  summary: 'Another batch of related questions',
  auth: 'public',
  cors: true,
  input: ChangeQuestionListQuery,
  output: ChatQuestionPageSchema,
  rateLimits: [READS],
  codes: [Code.notFound],
});

export const search = operation({
  area,
  method: 'GET',
  path: 'customer-service/search',
  summary: 'Best-matching questions for typed text',
  auth: 'public',
  cors: true,
  input: SearchQuery,
  output: v.array(ChatQuestionRefSchema),
  rateLimits: [READS],
});

export const addComment = operation({
  area,
  method: 'POST',
  path: 'customer-service/add-comment',
  summary: 'Mark answers solved or unsolved, with reasons (once per answer per chat session)',
  auth: 'chat',
  audit: { none: "feedback on the chat's answers, no GxP record" },
  cors: true,
  input: AddCommentRequest,
  output: AddCommentResponse,
  rateLimits: [COMMENTS],
  codes: [Code.notFound, Code.conflict],
});
