import type { ReactNode } from 'react';
import { useT } from '../../ui/use-t.ts';
import { type EditorForm, type GoodsInfo, kindLabel, type Project } from './form-model.ts';
import { isoToLocal } from './zoned-time.ts';
import '../../i18n/areas/order-editor.ts';

/** The whole order as it will be submitted, section by section, for a last look. */
export function Review({
  form,
  project,
  goods,
  regionPaths,
  fileNames,
  zone,
  missingDocuments,
}: {
  form: EditorForm;
  project: Project | undefined;
  goods: ReadonlyMap<number, GoodsInfo>;
  regionPaths: ReadonlyMap<number, string>;
  fileNames: ReadonlyMap<number, string>;
  zone: string;
  /** Required document kinds not uploaded: the order can go, its documents then read missing. */
  missingDocuments: readonly string[];
}) {
  const t = useT();
  const row = (label: string, value: ReactNode) => (
    <div className="oe__review-row">
      <dt>{label}</dt>
      <dd>{value || '–'}</dd>
    </div>
  );
  const side = (s: 'from' | 'to') => (
    <section className="oe__review-block" aria-labelledby={`oe-review-${s}`}>
      <h3 id={`oe-review-${s}`}>{t(`orderEditor.section.${s}`)}</h3>
      <dl>
        {row(t('orderEditor.field.company'), form[`${s}_company`])}
        {row(t('orderEditor.field.contact'), form[`${s}_contact`])}
        {row(t('orderEditor.field.phone'), form[`${s}_phone`])}
        {row(t('orderEditor.field.region'), regionPaths.get(form[`${s}_city_id`] ?? 0))}
        {row(t('orderEditor.field.address'), form[`${s}_address`])}
      </dl>
    </section>
  );
  const time = (iso: string | undefined) =>
    iso ? `${isoToLocal(iso, zone).replace('T', ' ')} (${zone})` : '';
  return (
    <div className="oe__review">
      <section className="oe__review-block" aria-labelledby="oe-review-project">
        <h3 id="oe-review-project">{t('orderEditor.section.project')}</h3>
        <dl>
          {row(t('orderEditor.field.project'), project ? `${project.protocol_no} ${project.name}` : '')}
          {row(
            t('orderEditor.field.orderType'),
            form.order_type ? t(`orderEditor.type.${form.order_type}`) : '',
          )}
          {row(
            t('orderEditor.field.goodsType'),
            form.to_goodstype ? t(`orderEditor.goods.${form.to_goodstype}`) : '',
          )}
          {row(
            t('orderEditor.field.tempClass'),
            form.temp_class ? t(`orderEditor.temp.${form.temp_class}`) : '',
          )}
          {row(t('orderEditor.field.dtp'), t(`orderEditor.dtp.${form.is_dtp ?? 0}`))}
        </dl>
      </section>
      {side('from')}
      {side('to')}
      <section className="oe__review-block" aria-labelledby="oe-review-goods">
        <h3 id="oe-review-goods">{t('orderEditor.section.goods')}</h3>
        <ul>
          {(form.goods ?? []).map((line) => {
            const info = goods.get(line.in_id);
            return (
              <li key={line.in_id}>
                {info
                  ? `${info.name} · ${t('orderEditor.goods.batch', { batch: info.batch_no })}`
                  : `#${line.in_id}`}{' '}
                × {String(line.quantity ?? '')} {info?.unit}
                {info?.warning && (
                  <span className="oe__warning"> {t(`orderEditor.warning.${info.warning}`)}</span>
                )}
              </li>
            );
          })}
        </ul>
      </section>
      <section className="oe__review-block" aria-labelledby="oe-review-boxes">
        <h3 id="oe-review-boxes">{t('orderEditor.section.boxes')}</h3>
        <p>{(form.boxes ?? []).map((b) => b.box_type).join(', ') || '–'}</p>
      </section>
      <section className="oe__review-block" aria-labelledby="oe-review-times">
        <h3 id="oe-review-times">{t('orderEditor.section.times')}</h3>
        <dl>
          {row(t('orderEditor.field.pickup'), time(form.pickup_at))}
          {row(t('orderEditor.field.deliverBy'), time(form.deliver_by))}
          {row(t('orderEditor.field.remark'), form.remark)}
        </dl>
      </section>
      <section className="oe__review-block" aria-labelledby="oe-review-files">
        <h3 id="oe-review-files">{t('orderEditor.section.attachments')}</h3>
        {missingDocuments.length > 0 && (
          <p className="oe__note">
            {t('orderEditor.attachments.missing', { kinds: missingDocuments.map(kindLabel).join(', ') })}
          </p>
        )}
        <ul>
          {(form.attachments ?? []).map((a) => (
            <li key={a.file_id}>
              {kindLabel(a.kind)}:{' '}
              {fileNames.get(a.file_id) ?? t('orderEditor.attachments.file', { id: a.file_id })}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
