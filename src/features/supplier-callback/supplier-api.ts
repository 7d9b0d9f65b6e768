import { call } from '../../api/transport.ts';
import * as ops from '../../contract/supplier/operations.ts';
import type { AnswerRequest, SupplierLink } from '../../contract/supplier/schemas.ts';

/** The task a link shows; failures are the page's to say (`quiet`). */
export const loadTask = (link: string): Promise<SupplierLink> => call(ops.task, { link }, { quiet: true });

/** Sends the link's one answer; failures (409 with what the link shows, 422) are the page's to say. */
export const sendAnswer = (input: AnswerRequest): Promise<SupplierLink> =>
  call(ops.answer, input, { quiet: true });
