import type { Attachment, OrderDetail } from '../../contract/orders/schemas.ts';
import { Button } from '../../ui/button/button.tsx';
import { useT } from '../../ui/use-t.ts';
import { formatStamp } from './format.ts';
import '../../i18n/areas/order-view.ts';

const size = (bytes: number) =>
  bytes >= 1_048_576 ? `${(bytes / 1_048_576).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

export interface AttachmentsSectionProps {
  order: Pick<OrderDetail, 'attachments' | 'required_attachments' | 'actions'>;
  /** Downloads a file (through a short-lived signed link). */
  onDownload?: (attachment: Attachment) => void;
  /**
   * An approver asks to pass or reject a pending document (the view opens its signing dialog).
   * Shown only when the order's actions allow `audit_documents`.
   */
  onApprove?: (attachment: Attachment) => void;
  onReject?: (attachment: Attachment) => void;
}

/** The order's documents with their review state, why one was rejected, and an approver's review. */
export function AttachmentsSection({ order, onDownload, onApprove, onReject }: AttachmentsSectionProps) {
  const t = useT();
  const reviewing = order.actions.audit_documents && Boolean(onApprove && onReject);
  const waiting = order.attachments.filter((a) => a.status === 'pending').length;

  return (
    <div>
      {order.required_attachments.length > 0 && (
        <p className="order-view__muted">
          {t('orderView.attach.required', {
            kinds: order.required_attachments.map((k) => t(`orderView.attach.kind.${k}`)).join('、'),
          })}
        </p>
      )}
      {reviewing && waiting > 0 && (
        <p className="order-view__notice" role="status">
          {t('orderView.attach.toReview', { count: waiting })}
        </p>
      )}
      {order.attachments.length === 0 ? (
        <p className="order-view__muted">{t('orderView.attach.empty')}</p>
      ) : (
        <ul className="order-view__plain-list order-view__attachments">
          {order.attachments.map((a) => (
            <li key={a.id} className="order-view__attachment">
              <div className="order-view__attachment-main">
                <strong>{t(`orderView.attach.kind.${a.kind}`)}</strong>{' '}
                <span className={`order-view__badge order-view__badge--attach-${a.status}`}>
                  {t(`orderView.attach.state.${a.status}`)}
                </span>
                <div className="order-view__attachment-name">
                  {a.name} <span className="order-view__muted">· {size(a.size)}</span>
                </div>
                <div className="order-view__muted">
                  {t(`orderView.attach.source.${a.source}`)} · {formatStamp(a.uploaded_at)}
                </div>
                {a.status === 'rejected' && a.reason && (
                  <div className="order-view__error">
                    {t('orderView.attach.rejected', { reason: a.reason })}
                  </div>
                )}
              </div>
              <div className="order-view__attachment-actions">
                {reviewing && a.status === 'pending' && (
                  <>
                    <Button size="sm" variant="primary" guardMs={0} onClick={() => onApprove?.(a)}>
                      {t('orderView.attach.approve')}
                      <span className="order-view__sr"> {a.name}</span>
                    </Button>
                    <Button size="sm" variant="danger" guardMs={0} onClick={() => onReject?.(a)}>
                      {t('orderView.attach.reject')}
                      <span className="order-view__sr"> {a.name}</span>
                    </Button>
                  </>
                )}
                <Button
                  size="sm"
                  guardMs={0}
                  data-file-id={a.file_id}
                  disabled={!onDownload}
                  onClick={() => onDownload?.(a)}
                >
                  {t('orderView.attach.download')}
                  <span className="order-view__sr"> {a.name}</span>
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
