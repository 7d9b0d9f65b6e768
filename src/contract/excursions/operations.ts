import * as v from 'valibot';
import { Code } from '../codes.ts';
import { operation, READS } from '../operation.ts';
import {
  AssignRequest,
  CaseAnswer,
  CaseIdQuery,
  CaseListQuery,
  CaseListSchema,
  CaseViewSchema,
  CommentRequest,
  DecideRequest,
  ProviderCloseRequest,
  ProviderDecisionSchema,
  ProviderDecisionsQuery,
  ProviderDecisionsSchema,
  StabilityListSchema,
  StabilityQuery,
  StabilitySaveRequest,
} from './schemas.ts';

/**
 * Temperature excursion cases of the session's customer (docs/decisions/excursions.md). A case of
 * another customer is not found (404). A case that is not in a state the call needs answers 409
 * with nothing changed.
 */
const area = 'excursions';

export const EXCURSION_PDF_TYPE = 'application/pdf';

const WRITES = [{ by: 'user', limit: 30, windowMs: 60_000, bucket: 'excursion/write' }] as const;

export const caseList = operation({
  area,
  method: 'GET',
  path: 'excursion/list',
  summary: 'The customer’s excursion cases: active first, over budget and high first, then the newest',
  auth: 'session',
  audit: READS,
  input: CaseListQuery,
  output: CaseListSchema,
});

export const caseView = operation({
  area,
  method: 'GET',
  path: 'excursion/view',
  summary:
    'A case: the logger’s readings and episodes, the mean kinetic temperature, each batch’s stability budget over its life, the stock on hold, the timeline',
  auth: 'session',
  audit: READS,
  input: CaseIdQuery,
  output: CaseViewSchema,
  codes: [Code.notFound],
});

export const assign = operation({
  area,
  method: 'POST',
  path: 'excursion/assign',
  summary: 'Assign an open case (or one under assessment) to a user of the customer: it is under assessment',
  auth: 'session',
  audit: { records: ['excursion'] },
  input: AssignRequest,
  output: CaseAnswer,
  codes: [Code.notFound, Code.conflict],
  rateLimits: WRITES,
  refusals: { [Code.conflict]: v.nullable(CaseAnswer) },
});

export const comment = operation({
  area,
  method: 'POST',
  path: 'excursion/comment',
  summary: 'Add a comment to a case, optionally pointing to a document of its order as evidence',
  auth: 'session',
  audit: { records: ['excursion'] },
  input: CommentRequest,
  output: CaseAnswer,
  codes: [Code.notFound, Code.conflict],
  rateLimits: WRITES,
  refusals: { [Code.conflict]: v.nullable(CaseAnswer) },
});

export const decide = operation({
  area,
  method: 'POST',
  path: 'excursion/decide',
  summary:
    'Decide a case under assessment (release, quarantine, destroy, return to depot), with a reason and an electronic signature; the stock follows',
  auth: 'session',
  audit: { records: ['excursion', 'inventory'] },
  signature: { meanings: ['approval', 'responsibility'] },
  input: DecideRequest,
  output: CaseAnswer,
  codes: [Code.forbidden, Code.notFound, Code.conflict],
  rateLimits: WRITES,
  refusals: { [Code.conflict]: v.nullable(CaseAnswer) },
});

export const report = operation({
  area,
  method: 'GET',
  path: 'excursion/report',
  summary: 'The case as a PDF for the sponsor’s quality file (the request’s language)',
  auth: 'session',
  audit: READS,
  input: CaseIdQuery,
  output: v.string(),
  media: EXCURSION_PDF_TYPE,
  codes: [Code.notFound],
  rateLimits: [{ by: 'user', limit: 20, windowMs: 60_000, bucket: 'excursion/report' }],
});

export const stabilityList = operation({
  area,
  method: 'GET',
  path: 'customer-project/stability',
  summary: 'A project’s products (the goods of its stock) and their stability budgets',
  auth: 'session',
  audit: READS,
  input: StabilityQuery,
  output: StabilityListSchema,
  codes: [Code.notFound],
});

export const stabilitySave = operation({
  area,
  method: 'POST',
  path: 'customer-project/stability-save',
  summary: 'Keep a product’s stability budget: the ranges it tolerates and for how long over a batch’s life',
  auth: 'session',
  audit: { records: ['product'] },
  input: StabilitySaveRequest,
  output: StabilityListSchema,
  codes: [Code.forbidden, Code.notFound],
  rateLimits: WRITES,
});

/**
 * The provider's side (signed like `provider/*`): the decisions it has to carry out, and the
 * report that it has (the case is then closed).
 */
export const providerDecisions = operation({
  area,
  method: 'POST',
  path: 'provider/excursion-decisions',
  summary: 'Decided excursion cases whose goods the provider has still to deal with, oldest decision first',
  auth: 'signed',
  audit: READS,
  input: ProviderDecisionsQuery,
  output: ProviderDecisionsSchema,
});

export const providerClose = operation({
  area,
  method: 'POST',
  path: 'provider/excursion-close',
  summary:
    'Report a decided case’s goods dealt with (released, quarantined, destroyed, returned): the case is closed',
  auth: 'signed',
  audit: { records: ['excursion'] },
  input: ProviderCloseRequest,
  output: ProviderDecisionSchema,
  codes: [Code.notFound, Code.conflict],
  refusals: { [Code.conflict]: v.nullable(ProviderDecisionSchema) },
});
