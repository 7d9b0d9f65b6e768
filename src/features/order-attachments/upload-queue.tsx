import { useT } from '../../ui/use-t.ts';
import '../../i18n/areas/order-attachments.ts';

/** One file on its way: its progress, then done or the reason it failed. */
export interface QueuedUpload {
  key: string;
  name: string;
  percent: number;
  state: 'uploading' | 'done' | 'failed';
  message: string;
}

/** The files of the current upload, each with its own progress bar and outcome. */
export function UploadQueue({ items, label }: { items: readonly QueuedUpload[]; label: string }) {
  const t = useT();
  if (items.length === 0) return null;
  return (
    <ul className="oa__queue" aria-label={label}>
      {items.map((item) => (
        <li key={item.key} className={`oa__queued oa__queued--${item.state}`}>
          <span className="oa__queued-name">{item.name}</span>
          {/* a failed file has no progress to show: only why it failed */}
          {item.state !== 'failed' && (
            <progress
              className="oa__progress"
              max={100}
              value={item.percent}
              aria-label={t('orderAttachments.uploading', { percent: item.percent })}
            />
          )}
          <span className="oa__queued-state" role={item.state === 'failed' ? 'alert' : undefined}>
            {item.state === 'uploading'
              ? t('orderAttachments.uploading', { percent: item.percent })
              : item.state === 'done'
                ? t('orderAttachments.uploaded')
                : t('orderAttachments.uploadFailed', { message: item.message })}
          </span>
        </li>
      ))}
    </ul>
  );
}
