import { useState } from 'react';
import { saveBlob } from '../../lib/save-blob.ts';
import { call, callFile } from '../../api/transport.ts';
import { orderEvidence } from '../../contract/evidence/operations.ts';
import type { OrderDetail } from '../../contract/orders/schemas.ts';
import { Button } from '../../ui/button/button.tsx';
import { useT } from '../../ui/use-t.ts';
import '../../i18n/areas/order-view.ts';

type Format = 'pdf' | 'json';

/**
 * The order's evidence pack (`customer-order/evidence`): the PDF for people, in the page's
 * language, and the JSON that `npm run audit:verify -- --pack FILE` checks. Fetched with the
 * session (a plain link carries none) and saved as a file; a failure says itself as every call's
 * does.
 */
export function EvidenceLinks({ order }: { order: Pick<OrderDetail, 'id' | 'order_no'> }) {
  const t = useT();
  const [busy, setBusy] = useState<Format | null>(null);
  const download = async (format: Format) => {
    setBusy(format);
    try {
      const name = t('orderView.evidence.fileName', { no: order.order_no });
      if (format === 'pdf') saveBlob(await callFile(orderEvidence, { id: order.id }), `${name}.pdf`);
      else {
        const pack = await call(orderEvidence, { id: order.id, format: 'json' });
        saveBlob(new Blob([JSON.stringify(pack, null, 2)], { type: 'application/json' }), `${name}.json`);
      }
    } catch {
      // said by the call's outcome
    } finally {
      setBusy(null);
    }
  };
  return (
    <>
      <Button guardMs={0} loading={busy === 'pdf'} onClick={() => void download('pdf')}>
        {t('orderView.evidence.pdf')}
      </Button>
      <Button guardMs={0} loading={busy === 'json'} onClick={() => void download('json')}>
        {t('orderView.evidence.json')}
        <span className="order-view__sr">{t('orderView.evidence.jsonOf')}</span>
      </Button>
    </>
  );
}
