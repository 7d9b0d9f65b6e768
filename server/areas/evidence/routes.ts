import * as v from 'valibot';
import { EvidencePackSchema } from '../../../src/contract/evidence/schemas.ts';
import * as ops from '../../../src/contract/evidence/operations.ts';
import { apiAnswer } from '../../http/answer.ts';
import { contentDisposition } from '../../http/content-disposition.ts';
import { handle } from '../../http/route.ts';
import { chinaStamp } from '../../core/labels.ts';
import { evidencePack } from './pack.ts';
import { evidencePdf } from './render.ts';

/**
 * `customer-order/evidence`: the session's customer's order as an evidence pack (404 for any
 * other id): a PDF in the caller's language (`lang`, else `Accept-Language`), sent as an
 * attachment nobody sniffs or caches, or with `format=json` the pack in the envelope.
 */
export const routes = [
  handle(ops.orderEvidence, async ({ input, session, deps, now, lang }) => {
    const pack = await evidencePack(deps.db, session, input.id, now);
    if (input.format === 'json') {
      // a media operation's answers are not checked by the pipeline: its JSON form is, here
      if (deps.config.checkAnswers) v.parse(EvidencePackSchema, pack);
      return pack;
    }
    const language = input.lang ?? lang;
    const body = (await evidencePdf(pack, language)) as Uint8Array<ArrayBuffer>;
    const stamp = chinaStamp(now).replace(/[-: ]/g, '').slice(0, 12);
    const name = `${language === 'en' ? 'Evidence pack' : '证据包'} ${pack.order.order_no} ${stamp}.pdf`;
    return apiAnswer(deps.config, body, {
      'content-type': ops.PDF_TYPE,
      'content-disposition': contentDisposition(name),
      'content-length': String(body.byteLength),
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    });
  }),
];
