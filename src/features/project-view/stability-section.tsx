import '../../i18n/areas/stability.ts';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import type { StabilityList } from '../../contract/excursions/schemas.ts';
import { bandText, type BandWords } from '../../lib/stability-bands.ts';
import { toast } from '../../stores/notices.ts';
import { Button } from '../../ui/button/button.tsx';
import { ErrorState } from '../../ui/states/error-state.tsx';
import { useT } from '../../ui/use-t.ts';
import { loadStability } from './stability-api.ts';
import { type Product, StabilityEditor } from './stability-editor.tsx';

type Load = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; list: StabilityList['list'] };

/**
 * The project's products (the goods of its stock) with their stability budgets in words
 * ("8–25 °C: 72 h", "> 25 °C: never"), each with an edit of its own in a dialog.
 */
export function StabilitySection({ prId, protocolNo }: { prId: number; protocolNo: string }) {
  const t = useT();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [editing, setEditing] = useState<Product | null>(null);
  const words: BandWords = (key, params) => t(`stability.${key}`, params);

  const fetchList = useCallback(() => {
    let live = true;
    setLoad({ state: 'loading' });
    loadStability(prId).then(
      (answer) => live && setLoad({ state: 'ready', list: answer.list }),
      () => live && setLoad({ state: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [prId]);
  useEffect(fetchList, [fetchList]);

  let body: ReactNode;
  if (load.state === 'loading') body = <p className="project-muted">{t('common.loading')}</p>;
  else if (load.state === 'failed') body = <ErrorState message={t('stability.failed')} onRetry={fetchList} />;
  else if (load.list.length === 0) body = <p className="project-muted">{t('stability.empty')}</p>;
  else
    body = (
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard to scroll it
      <section className="project-scroll" aria-label={t('stability.table', { no: protocolNo })} tabIndex={0}>
        <table className="project-table stability-table">
          <thead>
            <tr>
              <th scope="col">{t('stability.col.product')}</th>
              <th scope="col">{t('stability.col.code')}</th>
              <th scope="col">{t('stability.col.bands')}</th>
              <th scope="col">
                <span className="lp-visually-hidden">{t('stability.edit')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {load.list.map((product) => (
              <tr key={product.code}>
                <th scope="row">{product.name}</th>
                <td>{product.code}</td>
                <td className="stability-bands">
                  {product.bands.length === 0 ? (
                    <span className="project-muted">{t('stability.none')}</span>
                  ) : (
                    <ul>
                      {product.bands.map((band) => (
                        <li key={`${band.min}:${band.max}`}>{bandText(band, words)}</li>
                      ))}
                    </ul>
                  )}
                </td>
                <td>
                  <Button
                    size="sm"
                    guardMs={0}
                    aria-label={t('stability.editName', { name: product.name })}
                    onClick={() => setEditing(product)}
                  >
                    {t('stability.edit')}
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    );

  return (
    <section className="project-card" aria-labelledby="project-stability">
      <h2 id="project-stability">{t('stability.title')}</h2>
      <p className="project-muted">{t('stability.intro')}</p>
      {body}
      {editing && (
        <StabilityEditor
          prId={prId}
          product={editing}
          onClose={() => setEditing(null)}
          onSaved={(answer) => {
            setLoad({ state: 'ready', list: answer.list });
            toast(t('stability.saved', { name: editing.name }), 'success');
            setEditing(null);
          }}
        />
      )}
    </section>
  );
}
