import { useRef, useState } from 'react';
import { isApiError } from '../../api/errors.ts';
import { ATTACHMENT_MAX_BYTES, CUSTOMER_KINDS } from '../../contract/order-attachments/limits.ts';
import { ORDER_ATTACHMENTS_MAX } from '../../contract/order-editor/schemas.ts';
import { Button } from '../../ui/button/button.tsx';
import { FormField } from '../../ui/form/form-field.tsx';
import { Select } from '../../ui/select/select.tsx';
import { useT } from '../../ui/use-t.ts';
import { kindFromName } from '../../lib/document-kind.ts';
import { uploadPending } from './editor-api.ts';
import type { FieldProps } from './field-props.ts';
import { type EditorForm, kindLabel } from './form-model.ts';
import '../../i18n/areas/order-editor.ts';

type Kind = (typeof CUSTOMER_KINDS)[number];

interface Upload {
  key: number;
  name: string;
  percent: number;
  error: string | null;
}

/** The customer kind a file's name says, if it says one the customer may upload. */
const customerKind = (name: string): Kind | null => {
  const said = kindFromName(name);
  return said && (CUSTOMER_KINDS as readonly string[]).includes(said) ? (said as Kind) : null;
};

/**
 * The project's required documents, uploaded while the order is typed (`common/file`, one
 * progress per file); the uploaded ones are attached when the order is made.
 */
export function AttachmentsSection({
  form,
  onChange,
  required,
  names,
  onUploaded,
  fieldProps,
}: {
  form: EditorForm;
  onChange: (update: (form: EditorForm) => EditorForm) => void;
  required: readonly string[];
  /** File names of uploads of this session, by file id (a draft's files show by number). */
  names: ReadonlyMap<number, string>;
  onUploaded: (fileId: number, name: string) => void;
  fieldProps: FieldProps;
}) {
  const t = useT();
  const attached = form.attachments ?? [];
  const missing = required.filter((k) => !attached.some((a) => a.kind === k));
  const firstMissing = missing[0];
  const [kind, setKind] = useState<Kind>(
    (CUSTOMER_KINDS as readonly string[]).includes(firstMissing ?? '')
      ? (firstMissing as Kind)
      : 'packing_list',
  );
  const [uploads, setUploads] = useState<Upload[]>([]);
  const counter = useRef(0);
  const input = useRef<HTMLInputElement>(null);
  const field = fieldProps('attachments');

  const send = (file: File, as: Kind) => {
    const key = ++counter.current;
    const patch = (change: Partial<Upload>) =>
      setUploads((list) => list.map((u) => (u.key === key ? { ...u, ...change } : u)));
    setUploads((list) => [...list, { key, name: file.name, percent: 0, error: null }]);
    if (file.size > ATTACHMENT_MAX_BYTES) {
      patch({ error: `> ${Math.round(ATTACHMENT_MAX_BYTES / 1_000_000)} MB` });
      return;
    }
    const abort = new AbortController();
    uploadPending(
      as,
      file,
      (p) => patch({ percent: p.total ? Math.floor((p.loaded / p.total) * 100) : 0 }),
      abort.signal,
    ).then(
      (answer) => {
        onUploaded(answer.file_id, answer.name);
        onChange((current) => ({
          ...current,
          attachments: [...(current.attachments ?? []), { file_id: answer.file_id, kind: answer.kind }],
        }));
        setUploads((list) => list.filter((u) => u.key !== key));
      },
      (error: unknown) => patch({ error: isApiError(error) ? error.message : String(error) }),
    );
  };

  return (
    <fieldset className="oe__section" ref={field.inputRef}>
      <legend className="oe__legend">{t('orderEditor.section.attachments')}</legend>
      <p className="oe__muted">
        {required.length > 0
          ? t('orderEditor.attachments.required', { kinds: required.map(kindLabel).join(', ') })
          : t('orderEditor.attachments.none')}
      </p>
      <div className="oe__actions-row">
        <FormField label={t('orderEditor.field.attachmentKind')}>
          {(control) => (
            <Select<Kind>
              {...control}
              options={CUSTOMER_KINDS.map((k) => ({ value: k, label: kindLabel(k) }))}
              value={kind}
              onChange={setKind}
            />
          )}
        </FormField>
        <Button
          guardMs={0}
          disabled={attached.length >= ORDER_ATTACHMENTS_MAX}
          onClick={() => input.current?.click()}
        >
          {t('orderEditor.attachments.choose')}
        </Button>
        <input
          ref={input}
          type="file"
          multiple
          hidden
          aria-label={t('orderEditor.attachments.choose')}
          onChange={(event) => {
            const files = Array.from(event.target.files ?? []);
            // one file is the kind chosen; of several, each is the kind its name says (else the
            // one chosen), shown beside it in the list below, where a wrong one can be removed
            for (const file of files) send(file, files.length > 1 ? (customerKind(file.name) ?? kind) : kind);
            event.target.value = '';
          }}
        />
      </div>
      {uploads.length > 0 && (
        <ul className="oe__uploads">
          {uploads.map((u) => (
            <li key={u.key} className="oe__upload">
              {u.error ? (
                <span className="lp-field__error">
                  {t('orderEditor.attachments.failed', { name: u.name, reason: u.error })}
                </span>
              ) : (
                <>
                  <span>{t('orderEditor.attachments.uploading', { name: u.name, percent: u.percent })}</span>
                  <progress max={100} value={u.percent} aria-label={u.name} />
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      {attached.length > 0 && (
        <ul className="oe__files">
          {attached.map((a) => {
            const name = names.get(a.file_id) ?? t('orderEditor.attachments.file', { id: a.file_id });
            return (
              <li key={a.file_id} className="oe__file">
                <span>
                  {kindLabel(a.kind)}: {name}
                </span>
                <Button
                  size="sm"
                  variant="text"
                  guardMs={0}
                  aria-label={t('orderEditor.attachments.remove', { name })}
                  onClick={() =>
                    onChange((current) => ({
                      ...current,
                      attachments: (current.attachments ?? []).filter((x) => x.file_id !== a.file_id),
                    }))
                  }
                >
                  {t('orderEditor.remove')}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      {missing.length > 0 && (
        <p className="oe__note" role="status">
          {t('orderEditor.attachments.missing', { kinds: missing.map(kindLabel).join(', ') })}
        </p>
      )}
      {field.error && <p className="lp-field__error">{field.error}</p>}
    </fieldset>
  );
}
