import { useEffect, useRef, useState } from 'react';
import type { AutoBox } from '../../contract/inventory/schemas.ts';
import { Button } from '../../ui/button/button.tsx';
import { useT } from '../../ui/use-t.ts';
import { suggestBoxes } from './editor-api.ts';
import type { FieldProps } from './field-props.ts';
import type { EditorForm } from './form-model.ts';
import '../../i18n/areas/order-editor.ts';

const SUGGEST_DELAY_MS = 600;

/** The goods lines `auto-box` can pack: those with a valid quantity. */
export function packable(form: EditorForm): { in_id: number; quantity: number }[] {
  return (form.goods ?? [])
    .map((l) => ({ in_id: l.in_id, quantity: Number(l.quantity) }))
    .filter((l) => Number.isFinite(l.quantity) && l.quantity > 0);
}

/** Boxes as `auto-box` suggests them for the goods and temperature class; each can be changed, added or removed. */
export function BoxesSection({
  form,
  onChange,
  fieldProps,
}: {
  form: EditorForm;
  /** A new form, or how to change the form as it is then (a suggestion arrives later). */
  onChange: (update: EditorForm | ((current: EditorForm) => EditorForm)) => void;
  fieldProps: FieldProps;
}) {
  const t = useT();
  const [summary, setSummary] = useState<AutoBox | null>(null);
  const [busy, setBusy] = useState(false);
  const boxes = form.boxes ?? [];
  const lines = packable(form);
  const canSuggest = Boolean(form.temp_class) && lines.length > 0;
  // Boxes are suggested by themselves once there is something to pack, until the user changes them.
  const own = useRef(boxes.length > 0);
  const linesKey = JSON.stringify([form.temp_class, lines]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `linesKey` stands for the class and the lines
  useEffect(() => {
    if (own.current || !canSuggest) return;
    const timer = setTimeout(() => void suggest(true), SUGGEST_DELAY_MS);
    return () => clearTimeout(timer);
  }, [linesKey, canSuggest]);
  const suggest = async (auto = false) => {
    if (!form.temp_class) return;
    setBusy(true);
    try {
      const answer = await suggestBoxes(form.temp_class, lines);
      setSummary(answer);
      // Typed on meanwhile: only the boxes change, on the form as it is now.
      if (!own.current || !auto)
        onChange((current) => ({ ...current, boxes: answer.boxes.map((b) => ({ box_type: b.box_type })) }));
    } catch {
      setSummary(null);
    } finally {
      setBusy(false);
    }
  };
  const setBox = (index: number, box_type: string) => {
    own.current = true;
    onChange({ ...form, boxes: boxes.map((b, i) => (i === index ? { box_type } : b)) });
  };
  const group = fieldProps('boxes');
  return (
    <fieldset className="oe__section" ref={group.inputRef}>
      <legend className="oe__legend">{t('orderEditor.section.boxes')}</legend>
      <div className="oe__actions-row">
        <Button guardMs={0} loading={busy} disabled={!canSuggest} onClick={() => void suggest()}>
          {t('orderEditor.boxes.suggest')}
        </Button>
        <Button
          guardMs={0}
          onClick={() => {
            own.current = true;
            onChange({ ...form, boxes: [...boxes, { box_type: '' }] });
          }}
        >
          {t('orderEditor.boxes.add')}
        </Button>
      </div>
      {!canSuggest && <p className="oe__muted">{t('orderEditor.boxes.needGoods')}</p>}
      {summary && (
        <p className="oe__muted" role="status">
          {t('orderEditor.boxes.suggested', {
            n: summary.boxes.length,
            volume: summary.total_volume_l,
            weight: summary.total_weight_kg,
          })}
        </p>
      )}
      <ol className="oe__boxes">
        {boxes.map((box, i) => {
          const field = fieldProps(`boxes.${i}.box_type`);
          const id = `oe-box-${i}`;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: boxes have no identity but their place
            <li key={i} className="oe__box">
              <label htmlFor={id} className="oe__box-label">
                {t('orderEditor.field.boxType')} {i + 1}
              </label>
              <input
                id={id}
                ref={field.inputRef}
                className="lp-input"
                value={box.box_type}
                aria-invalid={field.error ? true : undefined}
                onChange={(event) => setBox(i, event.target.value)}
                onBlur={field.onBlur}
              />
              <Button
                size="sm"
                variant="text"
                guardMs={0}
                aria-label={t('orderEditor.boxes.remove', { n: i + 1 })}
                onClick={() => {
                  own.current = true;
                  onChange({ ...form, boxes: boxes.filter((_, j) => j !== i) });
                }}
              >
                {t('orderEditor.remove')}
              </Button>
              {field.error && <p className="lp-field__error">{field.error}</p>}
            </li>
          );
        })}
      </ol>
      {group.error && <p className="lp-field__error">{group.error}</p>}
    </fieldset>
  );
}
