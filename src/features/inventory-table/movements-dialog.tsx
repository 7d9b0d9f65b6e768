import '../../i18n/areas/inventory.ts';
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { InventoryLine, LineDetail } from '../../contract/inventory/schemas.ts';
import { $locale } from '../../i18n/translate.ts';
import { Dialog } from '../../ui/dialog/dialog.tsx';
import { ErrorState } from '../../ui/states/error-state.tsx';
import { useT } from '../../ui/use-t.ts';
import { fetchMovements } from './api.ts';

type Load = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; detail: LineDetail };

/** A line's movements (`inventory-detail_x`), newest first, in a dialog. */
export function MovementsDialog({ line, onClose }: { line: InventoryLine | null; onClose: () => void }) {
  const t = useT();
  const locale = useStore($locale);
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const inId = line?.in_id ?? null;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` asks again
  useEffect(() => {
    if (inId === null) return;
    const abort = new AbortController();
    setLoad({ state: 'loading' });
    fetchMovements(inId, abort.signal).then(
      (detail) => setLoad({ state: 'ready', detail }),
      () => {
        if (!abort.signal.aborted) setLoad({ state: 'failed' });
      },
    );
    return () => abort.abort();
  }, [inId, attempt]);

  const when = new Intl.DateTimeFormat(locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Asia/Shanghai',
  });
  const shown = load.state === 'ready' ? load.detail.line : line;

  return (
    <Dialog
      open={line !== null}
      onClose={onClose}
      width={720}
      title={t('inventory.movements.title', { name: line?.name ?? '' })}
    >
      {shown && (
        <p className="inv-muted">
          {t('inventory.movements.summary', {
            batch: shown.batch_no || '—',
            depot: shown.depot || '—',
            available: shown.available,
            unit: shown.unit,
          })}
        </p>
      )}
      {load.state === 'loading' && (
        <p className="inv-muted" role="status">
          {t('inventory.movements.loading')}
        </p>
      )}
      {load.state === 'failed' && (
        <ErrorState message={t('inventory.movements.failed')} onRetry={() => setAttempt((n) => n + 1)} />
      )}
      {load.state === 'ready' && load.detail.movements.length === 0 && (
        <p>{t('inventory.movements.empty')}</p>
      )}
      {load.state === 'ready' && load.detail.movements.length > 0 && (
        <div className="inv-movements">
          <table className="inv-movements__table">
            <caption className="inv-visually-hidden">
              {t('inventory.movements.title', { name: line?.name ?? '' })}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t('inventory.movements.at')}</th>
                <th scope="col">{t('inventory.movements.kind')}</th>
                <th scope="col" className="inv-num">
                  {t('inventory.movements.delta')}
                </th>
                <th scope="col">{t('inventory.movements.order')}</th>
                <th scope="col">{t('inventory.movements.note')}</th>
              </tr>
            </thead>
            <tbody>
              {load.detail.movements.map((m) => (
                <tr key={m.id}>
                  <td>
                    <time dateTime={m.at}>{when.format(new Date(m.at))}</time>
                  </td>
                  <td>{t(`inventory.kind.${m.kind}`)}</td>
                  <td className="inv-num">{m.delta > 0 ? `+${m.delta}` : String(m.delta)}</td>
                  <td>{m.order_no ?? '—'}</td>
                  <td>{m.note || '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Dialog>
  );
}
