import '../../i18n/areas/stability.ts';
import { useStore } from '@nanostores/react';
import { type FormEvent, useRef, useState } from 'react';
import { fieldMessagesOf, isApiError } from '../../api/errors.ts';
import { Code } from '../../contract/codes.ts';
import type { StabilityList } from '../../contract/excursions/schemas.ts';
import { BANDS_MAX } from '../../contract/excursions/schemas.ts';
import { $locale } from '../../i18n/translate.ts';
import { type BandRow, checkBudget, rowsOf } from '../../lib/stability-bands.ts';
import { Button } from '../../ui/button/button.tsx';
import { Dialog } from '../../ui/dialog/dialog.tsx';
import { TextField } from '../../ui/form/text-field.tsx';
import { useT } from '../../ui/use-t.ts';
import { saveStability } from './stability-api.ts';

export type Product = StabilityList['list'][number];

const EMPTY: BandRow = { min: '', max: '', hours: '' };
const FIELDS = ['min', 'max', 'hours'] as const;

export interface StabilityEditorProps {
  prId: number;
  product: Product;
  onClose: () => void;
  onSaved: (list: StabilityList) => void;
}

/**
 * A product's stability budget in a dialog: a row per band (from, to, hours; add and remove up to
 * BANDS_MAX), checked with the contract's schema in the user's language as the user leaves a
 * field and on save, then saved; the server's field messages show on their fields, a refusal
 * (403: not an administrator or approver) above the form.
 */
export function StabilityEditor({ prId, product, onClose, onSaved }: StabilityEditorProps) {
  const t = useT();
  const locale = useStore($locale);
  const [rows, setRows] = useState<BandRow[]>(() => rowsOf(product.bands));
  const [shown, setShown] = useState<ReadonlySet<string>>(new Set());
  const [server, setServer] = useState<Readonly<Record<string, string>>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const { problems, request } = checkBudget(prId, product.code, rows, locale);
  const message = (path: string, when = shown.has(path)) =>
    server[path] ?? (when ? problems.get(path) : undefined);
  const show = (path: string) => setShown((s) => (s.has(path) ? s : new Set(s).add(path)));
  // a band's bounds (and the list's overlaps) are said once one of their fields was left
  const left = (path: string) => shown.has(path) || [...shown].some((p) => p.startsWith(`${path}.`));

  const change = (next: BandRow[]) => {
    setRows(next);
    setServer({});
  };
  const setField = (i: number, field: keyof BandRow, value: string) =>
    change(rows.map((r, at) => (at === i ? { ...r, [field]: value } : r)));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setAlert(null);
    if (!request) {
      setShown(new Set(problems.keys()));
      requestAnimationFrame(() =>
        form.current?.querySelector<HTMLElement>('[aria-invalid="true"], .lp-field--invalid input')?.focus(),
      );
      return;
    }
    setSaving(true);
    try {
      onSaved(await saveStability(request));
    } catch (error) {
      const fields = fieldMessagesOf(error);
      if (Object.keys(fields).length > 0) setServer(fields);
      setAlert(
        isApiError(error) && (error.code === Code.forbidden || Object.keys(fields).length > 0)
          ? error.message
          : t('stability.saveFailed'),
      );
    } finally {
      setSaving(false);
    }
  };

  const whole = message('bands', left('bands'));
  return (
    <Dialog
      open
      onClose={onClose}
      width={560}
      title={t('stability.dialog', { name: product.name })}
      footer={
        <>
          <Button guardMs={0} onClick={onClose}>
            {t('stability.cancel')}
          </Button>
          <Button
            variant="primary"
            guardMs={0}
            loading={saving}
            onClick={() => form.current?.requestSubmit()}
          >
            {saving ? t('stability.saving') : t('stability.save')}
          </Button>
        </>
      }
    >
      <form ref={form} className="stability-form" noValidate onSubmit={(e) => void submit(e)}>
        <div className="stability-alert" role="alert">
          {alert && <p className="project-error">{alert}</p>}
        </div>
        <p className="project-muted">{t('stability.hint', { max: BANDS_MAX })}</p>
        {rows.length === 0 && <p>{t('stability.noBands')}</p>}
        {rows.map((row, i) => {
          const n = i + 1;
          const band = message(`bands.${i}`, left(`bands.${i}`));
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: a band is its place in the list
            <fieldset key={i} className="stability-band">
              <legend>{t('stability.band', { n })}</legend>
              {FIELDS.map((field) => (
                <TextField
                  key={field}
                  name={`bands.${i}.${field}`}
                  label={t(`stability.${field}`)}
                  value={row[field]}
                  inputMode={field === 'hours' ? 'decimal' : 'text'}
                  required={field === 'hours'}
                  error={message(`bands.${i}.${field}`)}
                  onChange={(value) => setField(i, field, value)}
                  onBlur={() => show(`bands.${i}.${field}`)}
                />
              ))}
              <Button
                size="sm"
                variant="text"
                guardMs={0}
                aria-label={t('stability.remove', { n })}
                onClick={() => change(rows.filter((_, at) => at !== i))}
              >
                {t('stability.removeShort')}
              </Button>
              {band && <p className="lp-field__error stability-band__error">{band}</p>}
            </fieldset>
          );
        })}
        <Button
          size="sm"
          guardMs={0}
          disabled={rows.length >= BANDS_MAX}
          onClick={() => change([...rows, EMPTY])}
        >
          {t('stability.add')}
        </Button>
        {whole && <p className="lp-field__error">{whole}</p>}
      </form>
    </Dialog>
  );
}
