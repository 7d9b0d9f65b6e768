import { type ChangeEvent, useId, useRef, useState } from 'react';
import { isApiError } from '../../api/errors.ts';
import type { AttentionRow, OrderAttachment } from '../../contract/order-attachments/schemas.ts';
import { ATTACHMENT_KINDS, type AttachmentKind } from '../../contract/orders/domain.ts';
import { toast } from '../../stores/notices.ts';
import { Button } from '../../ui/button/button.tsx';
import { useT } from '../../ui/use-t.ts';
import { DeleteDialog } from './delete-dialog.tsx';
import { deleteAttachment, downloadAttachment, fitsLimit, uploadAttachment } from './attachments-api.ts';
import { kindFromName } from '../../lib/document-kind.ts';
import { type QueuedUpload, UploadQueue } from './upload-queue.tsx';
import '../../i18n/areas/order-attachments.ts';

const ACCEPT = '.pdf,.jpg,.jpeg,.png,.xlsx,.docx,.csv';

/** The kind a new upload most likely is: the first required one that is missing or rejected. */
function suggestedKind(row: AttentionRow): AttachmentKind {
  return row.kinds.find((k) => k.state === 'missing' || k.state === 'rejected')?.kind ?? 'other';
}

const size = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** A file chosen with others, waiting for the user to check its kind. */
interface Staged {
  key: string;
  file: File;
  kind: AttachmentKind;
}

export interface OrderRowProps {
  row: AttentionRow;
  /** After an upload or a delete: the page reloads its list and counts. */
  onChanged: () => void;
}

/** The document kinds as a select (the upload's kind, and each staged file's). */
function KindSelect({
  id,
  value,
  onChange,
  label,
  disabled = false,
}: {
  id?: string;
  value: AttachmentKind;
  onChange: (kind: AttachmentKind) => void;
  label?: string;
  disabled?: boolean;
}) {
  const t = useT();
  return (
    <select
      id={id}
      className="oa__select"
      aria-label={label}
      value={value}
      disabled={disabled}
      onChange={(e) => onChange(e.target.value as AttachmentKind)}
    >
      {ATTACHMENT_KINDS.map((k) => (
        <option key={k} value={k}>
          {t(`orderAttachments.kind.${k}`)}
        </option>
      ))}
    </select>
  );
}

/**
 * One order needing documents: its number, project and route, each required kind's state (the
 * rejection's reason shown), its files (download, delete while not approved) and an upload of
 * several files at once, each with its own progress.
 */
export function OrderRow({ row, onChanged }: OrderRowProps) {
  const t = useT();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [kind, setKind] = useState<AttachmentKind>(() => suggestedKind(row));
  const [queue, setQueue] = useState<QueuedUpload[]>([]);
  const [staged, setStaged] = useState<Staged[]>([]);
  const [busy, setBusy] = useState(false);
  const [deleting, setDeleting] = useState<OrderAttachment | null>(null);

  const update = (key: string, change: Partial<QueuedUpload>) =>
    setQueue((items) => items.map((item) => (item.key === key ? { ...item, ...change } : item)));

  const send = async (picks: readonly Staged[]) => {
    setStaged([]);
    const files = picks.map((p) => p.file);
    const items = files.map((file, i) => ({
      key: `${Date.now()}-${i}-${file.name}`,
      name: file.name,
      percent: 0,
      state: fitsLimit(file) ? ('uploading' as const) : ('failed' as const),
      message: fitsLimit(file) ? '' : t('orderAttachments.tooLarge'),
    }));
    setQueue(items);
    setBusy(true);
    let sent = 0;
    const controller = new AbortController();
    for (const [i, file] of files.entries()) {
      const item = items[i]!;
      if (item.state === 'failed') continue;
      try {
        await uploadAttachment(
          row.id,
          picks[i]!.kind,
          file,
          (p) =>
            update(item.key, { percent: p.total ? Math.min(99, Math.round((p.loaded / p.total) * 100)) : 0 }),
          controller.signal,
        );
        update(item.key, { percent: 100, state: 'done' });
        sent++;
      } catch (error) {
        update(item.key, { state: 'failed', message: isApiError(error) ? error.message : String(error) });
      }
    }
    setBusy(false);
    if (sent > 0) onChanged();
  };

  // One file goes at once, as the kind chosen above. Several are listed first, each with its
  // kind (what its name says, else the one chosen above) for the user to check: one kind for a
  // packing list and a photo would file the photo wrongly.
  const picked = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    event.target.value = '';
    const at = Date.now();
    if (files.length === 1) void send(files.map((file) => ({ key: `${at}-0`, file, kind })));
    else if (files.length > 1)
      setStaged(files.map((file, i) => ({ key: `${at}-${i}`, file, kind: kindFromName(file.name) ?? kind })));
  };

  const remove = async (file: OrderAttachment, reason: string) => {
    try {
      await deleteAttachment(file.file_id, reason);
      setDeleting(null);
      toast(t('orderAttachments.deleted', { name: file.name }), 'success');
      onChanged();
    } catch {
      // the API outcome is shown by the page's notices; the dialog stays with what was typed
    }
  };

  const route = [
    [row.from_city, row.from_company].filter(Boolean).join(' '),
    [row.to_city, row.to_company].filter(Boolean).join(' '),
  ].join(' → ');

  return (
    <article className="oa__row" aria-labelledby={`${id}-no`}>
      <header className="oa__row-head">
        <h2 className="oa__order-no" id={`${id}-no`}>
          {t('orderAttachments.order', { no: row.order_no })}
        </h2>
        <span className={`oa__badge oa__badge--${row.attachment_status}`}>
          {t(`orderAttachments.state.${row.attachment_status}`)}
        </span>
      </header>
      <dl className="oa__facts">
        <div>
          <dt>{t('orderAttachments.project')}</dt>
          <dd>{[row.protocol_no, row.project_name].filter(Boolean).join(' ') || '—'}</dd>
        </div>
        <div>
          <dt>{t('orderAttachments.route')}</dt>
          <dd>{route}</dd>
        </div>
      </dl>
      <h3 className="oa__subhead">{t('orderAttachments.required')}</h3>
      {row.kinds.length === 0 ? (
        <p className="oa__muted">{t('orderAttachments.noRequired')}</p>
      ) : (
        <ul className="oa__kinds">
          {row.kinds.map((k) => (
            <li key={k.kind} className={`oa__kind oa__kind--${k.state}`}>
              <span className="oa__kind-name">{t(`orderAttachments.kind.${k.kind}`)}</span>
              <span className={`oa__badge oa__badge--${k.state}`}>
                {t(`orderAttachments.state.${k.state}`)}
              </span>
              {k.state === 'rejected' && k.reason && (
                <span className="oa__reason">
                  {t('orderAttachments.rejectedBecause', { reason: k.reason })}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
      <h3 className="oa__subhead">{t('orderAttachments.files')}</h3>
      {row.attachments.length === 0 ? (
        <p className="oa__muted">{t('orderAttachments.noFiles')}</p>
      ) : (
        <ul className="oa__files">
          {row.attachments.map((file) => (
            <li key={file.id} className="oa__file">
              <span className="oa__file-name">{file.name}</span>
              <span className="oa__file-meta">
                {t(`orderAttachments.kind.${file.kind}`)} · {size(file.size)}
                {file.source === 'provider' ? ` · ${t('orderAttachments.source.provider')}` : ''}
              </span>
              <span className={`oa__badge oa__badge--${file.status}`}>
                {t(`orderAttachments.state.${file.status}`)}
              </span>
              <span className="oa__file-actions">
                <Button
                  variant="text"
                  aria-label={t('orderAttachments.download', { name: file.name })}
                  onClick={() => void downloadAttachment(file.file_id).catch(() => undefined)}
                >
                  {t('orderAttachments.downloadShort')}
                </Button>
                {file.deletable && (
                  <Button
                    variant="text"
                    className="oa__delete"
                    aria-label={t('orderAttachments.delete', { name: file.name })}
                    onClick={() => setDeleting(file)}
                  >
                    {t('orderAttachments.deleteShort')}
                  </Button>
                )}
              </span>
              {file.status === 'rejected' && file.reason && (
                <span className="oa__reason">
                  {t('orderAttachments.rejectedBecause', { reason: file.reason })}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
      <div className="oa__upload">
        <div className="oa__kind-picker">
          <label htmlFor={`${id}-kind`}>{t('orderAttachments.kindPicker')}</label>
          <KindSelect id={`${id}-kind`} value={kind} disabled={busy} onChange={setKind} />
        </div>
        <Button
          variant="primary"
          disabled={busy}
          aria-describedby={`${id}-accept`}
          onClick={() => input.current?.click()}
        >
          {t('orderAttachments.choose')}
        </Button>
        <input
          ref={input}
          className="oa__file-input"
          type="file"
          multiple
          accept={ACCEPT}
          tabIndex={-1}
          aria-hidden="true"
          onChange={picked}
        />
        <span className="oa__muted oa__accept" id={`${id}-accept`}>
          {t('orderAttachments.accept')}
        </span>
      </div>
      {staged.length > 0 && (
        <fieldset className="oa__staged">
          <legend className="oa__muted">{t('orderAttachments.stagedIntro', { count: staged.length })}</legend>
          <ul className="oa__staged-list">
            {staged.map((pick, i) => (
              <li key={pick.key} className="oa__staged-file">
                <span className="oa__file-name">{pick.file.name}</span>
                <KindSelect
                  label={t('orderAttachments.kindOf', { name: pick.file.name })}
                  value={pick.kind}
                  onChange={(kind) => setStaged((all) => all.map((p, j) => (j === i ? { ...p, kind } : p)))}
                />
              </li>
            ))}
          </ul>
          <div className="oa__staged-actions">
            <Button variant="primary" onClick={() => void send(staged)}>
              {t('orderAttachments.uploadStaged', { count: staged.length })}
            </Button>
            <Button guardMs={0} onClick={() => setStaged([])}>
              {t('common.cancel')}
            </Button>
          </div>
        </fieldset>
      )}
      <UploadQueue items={queue} label={t('orderAttachments.uploads')} />
      {deleting && (
        <DeleteDialog
          name={deleting.name}
          onDelete={(reason) => remove(deleting, reason)}
          onClose={() => setDeleting(null)}
        />
      )}
    </article>
  );
}
