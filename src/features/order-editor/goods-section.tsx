import { useEffect, useState } from 'react';
import { caseNo } from '../../contract/excursions/domain.ts';
import { takesFractions } from '../../contract/goods/quantity.ts';
import type { InventoryLine } from '../../contract/inventory/schemas.ts';
import { Button } from '../../ui/button/button.tsx';
import { useT } from '../../ui/use-t.ts';
import { searchStock } from './editor-api.ts';
import type { FieldProps } from './field-props.ts';
import { type EditorForm, type GoodsInfo, refusalText } from './form-model.ts';
import '../../i18n/areas/order-editor.ts';

const SEARCH_DELAY_MS = 250;

/** What a stock line of the search tells about a goods line before the server checked it. */
export const infoOfLine = (line: InventoryLine): GoodsInfo => ({
  code: line.code,
  name: line.name,
  spec: line.spec,
  batch_no: line.batch_no,
  expiry: line.expiry,
  available: line.available,
  unit: line.unit,
  depot: line.depot,
  warning: null,
  refused: line.hold === 'none' ? null : line.hold,
  case_no: line.case_id === null ? null : caseNo(line.case_id),
});

/**
 * Goods from inventory: a search over the project's stock with something available (name, code,
 * batch or pinyin initials), each result added as a line; lines show batch, expiry (with the
 * server's warning), what is available, and take a quantity.
 */
export function GoodsSection({
  form,
  onChange,
  info,
  onFound,
  fieldProps,
}: {
  form: EditorForm;
  onChange: (form: EditorForm) => void;
  info: ReadonlyMap<number, GoodsInfo>;
  onFound: (line: InventoryLine) => void;
  fieldProps: FieldProps;
}) {
  const t = useT();
  const [keyword, setKeyword] = useState('');
  const [results, setResults] = useState<InventoryLine[] | null>(null);
  const prId = form.pr_id ?? null;
  const goodsType = form.to_goodstype ?? null;
  const tempClass = form.temp_class ?? null;
  const lines = form.goods ?? [];

  useEffect(() => {
    if (!prId || keyword.trim() === '') {
      setResults(null);
      return;
    }
    const abort = new AbortController();
    const timer = setTimeout(() => {
      searchStock(
        {
          keyword: keyword.trim(),
          pr_id: prId,
          ...(goodsType ? { goods_type: goodsType } : {}),
          ...(tempClass ? { temp_class: tempClass } : {}),
        },
        abort.signal,
      ).then(setResults, () => undefined);
    }, SEARCH_DELAY_MS);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [keyword, prId, goodsType, tempClass]);

  const add = (line: InventoryLine) => {
    onFound(line);
    if (lines.some((l) => l.in_id === line.in_id)) return;
    onChange({ ...form, goods: [...lines, { in_id: line.in_id, quantity: '' }] });
  };
  const setQuantity = (index: number, quantity: string) =>
    onChange({ ...form, goods: lines.map((l, i) => (i === index ? { ...l, quantity } : l)) });
  const remove = (index: number) => onChange({ ...form, goods: lines.filter((_, i) => i !== index) });
  const goodsError = fieldProps('goods').error;

  return (
    <fieldset className="oe__section" ref={fieldProps('goods').inputRef}>
      <legend className="oe__legend">{t('orderEditor.section.goods')}</legend>
      <div className="lp-field oe__search">
        <label className="lp-field__label" htmlFor="oe-goods-search">
          {t('orderEditor.goods.search')}
        </label>
        <input
          id="oe-goods-search"
          className="lp-input"
          type="search"
          value={keyword}
          disabled={!prId}
          placeholder={prId ? t('orderEditor.goods.searchPlaceholder') : t('orderEditor.pickFirst')}
          onChange={(event) => setKeyword(event.target.value)}
        />
      </div>
      {results && (
        <ul className="oe__results" aria-label={t('orderEditor.goods.results')}>
          {results.length === 0 && <li className="oe__muted">{t('orderEditor.goods.noResults')}</li>}
          {results.map((r) => {
            // a line an excursion holds back is shown, not offered: the reason instead
            const held =
              r.hold === 'none'
                ? null
                : refusalText(r.hold, r.available, r.case_id === null ? null : caseNo(r.case_id));
            return (
              <li key={r.in_id} className="oe__result">
                <span className="oe__result-name">
                  {r.name}{' '}
                  <span className="oe__muted">
                    {r.code} {r.spec}
                  </span>
                </span>
                <span className="oe__muted">
                  {t('orderEditor.goods.batch', { batch: r.batch_no })}
                  {r.expiry ? ` · ${t('orderEditor.goods.expiry', { date: r.expiry })}` : ''} ·{' '}
                  {t('orderEditor.goods.available', { n: r.available, unit: r.unit })}
                  {held && <span className="oe__held">{held}</span>}
                </span>
                <Button
                  size="sm"
                  guardMs={0}
                  disabled={held !== null || lines.some((l) => l.in_id === r.in_id)}
                  onClick={() => add(r)}
                  aria-label={`${t('orderEditor.goods.add')} ${r.name} ${r.batch_no}`}
                >
                  {t('orderEditor.goods.add')}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      {lines.length === 0 ? (
        <p className="oe__muted">{t('orderEditor.goods.empty')}</p>
      ) : (
        <table className="oe__table">
          <thead>
            <tr>
              <th scope="col">{t('orderEditor.col.name')}</th>
              <th scope="col">{t('orderEditor.col.batch')}</th>
              <th scope="col">{t('orderEditor.col.expiry')}</th>
              <th scope="col">{t('orderEditor.col.available')}</th>
              <th scope="col">{t('orderEditor.col.quantity')}</th>
              <th scope="col">
                <span className="lp-visually-hidden">{t('orderEditor.col.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {lines.map((line, i) => {
              const about = info.get(line.in_id);
              const quantityField = fieldProps(`goods.${i}.quantity`);
              // The server names the line itself (`goods.0.in_id`) when the stock cannot be taken.
              const lineError = fieldProps(`goods.${i}.in_id`).error;
              const field = { ...quantityField, error: quantityField.error ?? lineError };
              const errorId = `oe-goods-${line.in_id}-error`;
              const name = about ? `${about.name} ${about.batch_no}` : `#${line.in_id}`;
              return (
                <tr key={line.in_id} className="oe__line">
                  <td data-label={t('orderEditor.col.name')}>
                    {about?.name ?? `#${line.in_id}`}
                    {about && <span className="oe__muted"> {about.code}</span>}
                  </td>
                  <td data-label={t('orderEditor.col.batch')}>{about?.batch_no}</td>
                  <td data-label={t('orderEditor.col.expiry')}>
                    {about?.expiry ?? '–'}
                    {about?.warning && (
                      <span className={`oe__warning oe__warning--${about.warning}`}>
                        {' '}
                        {t(`orderEditor.warning.${about.warning}`)}
                      </span>
                    )}
                  </td>
                  <td data-label={t('orderEditor.col.available')}>
                    {about ? `${about.available} ${about.unit}` : '–'}
                  </td>
                  <td data-label={t('orderEditor.col.quantity')}>
                    <input
                      ref={field.inputRef}
                      className="lp-input oe__quantity"
                      inputMode={about && !takesFractions(about.unit) ? 'numeric' : 'decimal'}
                      aria-label={`${t('orderEditor.field.quantity')} ${name}`}
                      aria-invalid={field.error ? true : undefined}
                      aria-describedby={field.error ? errorId : undefined}
                      value={
                        line.quantity === null || line.quantity === undefined ? '' : String(line.quantity)
                      }
                      onChange={(event) => setQuantity(i, event.target.value)}
                      onBlur={field.onBlur}
                    />
                    {field.error && (
                      <p id={errorId} className="lp-field__error">
                        {field.error}
                      </p>
                    )}
                  </td>
                  <td>
                    <Button
                      size="sm"
                      variant="text"
                      guardMs={0}
                      aria-label={t('orderEditor.goods.remove', { name })}
                      onClick={() => remove(i)}
                    >
                      {t('orderEditor.remove')}
                    </Button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {goodsError && <p className="lp-field__error">{goodsError}</p>}
    </fieldset>
  );
}
