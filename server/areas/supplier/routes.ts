import * as ops from '../../../src/contract/supplier/operations.ts';
import { handle } from '../../http/route.ts';
import { answerLink, issueLink, showLink } from './links.ts';

/**
 * `supplier/*`: the public page a carrier or supplier opens from a signed link (no session; the
 * link is its own permission), and `provider/supplier-link`, signed like the provider's calls,
 * that makes such a link.
 */
export const routes = [
  handle(ops.task, ({ input, deps, now }) => showLink(deps.db, input.link, now)),
  handle(ops.answer, ({ input, deps, now }) => answerLink(deps.db, input, now)),
  handle(ops.supplierLink, ({ input, deps, now }) => issueLink(deps.db, input, now)),
];
