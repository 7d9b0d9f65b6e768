import type { ChatAnswer, ChatCategory, ChatQuestionRef } from '../../contract/chat/schemas.ts';

/** A list of questions the user can pick from, with "change a batch" when there are more. */
export interface QuestionList {
  /** What the list pages through: a category's questions, or the questions related to one. */
  source: { kind: 'category'; cateId: number } | { kind: 'related'; qId: number } | { kind: 'fixed' };
  page: number;
  total: number;
  list: ChatQuestionRef[];
}

export type Verdict = 'solved' | 'unsolved';

/** One message of the conversation (spec §4), as kept in session storage. */
export type ChatMessage =
  | { id: number; kind: 'welcome'; text: string; hot: ChatQuestionRef[]; categories: ChatCategory[] }
  | { id: number; kind: 'user'; text: string }
  | { id: number; kind: 'questions'; title: string; questions: QuestionList }
  | { id: number; kind: 'empty' }
  | {
      id: number;
      kind: 'answer';
      qId: number;
      answers: ChatAnswer[];
      related: QuestionList;
      verdict: Verdict | null;
    }
  | { id: number; kind: 'not-found'; phone: string }
  | {
      id: number;
      kind: 'feedback';
      answerMessage: number;
      aIds: number[];
      tags: number[];
      desc: string;
      sent: boolean;
    }
  | { id: number; kind: 'thanks'; text: string }
  | { id: number; kind: 'error'; text: string; retry?: 'start' };

export type ChatMessageKind = ChatMessage['kind'];

/** The conversation of one browser tab. */
export interface ChatState {
  /** The chat session from get-qa-config (sent back as X-Chat-Session). */
  session: string;
  phone: string;
  messages: ChatMessage[];
  /** What the user is typing (kept across reloads: nothing typed is lost). */
  draft: string;
  nextId: number;
  /** True while a call is under way. */
  busy: boolean;
}

export const emptyChat = (): ChatState => ({
  session: '',
  phone: '',
  messages: [],
  draft: '',
  nextId: 1,
  busy: false,
});
