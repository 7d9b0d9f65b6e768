import { Code } from '../codes.ts';
import { operation } from '../operation.ts';
import { EvidencePackSchema, EvidenceQuery } from './schemas.ts';

/** An order's evidence pack (schemas.ts): a PDF for people, JSON for machines. */
const area = 'evidence';

/** The PDF's media type. */
export const PDF_TYPE = 'application/pdf';

export const orderEvidence = operation({
  area,
  method: 'GET',
  path: 'customer-order/evidence',
  summary:
    'The order’s evidence pack (masked as its view): a PDF (the order, timeline, temperature record with limits and excursions, documents with SHA-256, signatures, audit entries with their chain hashes), or with `format=json` the same in the envelope, which `npm run audit:verify -- --pack FILE` checks offline',
  auth: 'session',
  input: EvidenceQuery,
  output: EvidencePackSchema,
  media: PDF_TYPE,
  codes: [Code.notFound],
  // a PDF costs up to a few hundred ms of CPU: a user gets 10 packs a minute
  rateLimits: [{ by: 'user', limit: 10, windowMs: 60_000 }],
});
