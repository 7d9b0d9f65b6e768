import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import type { Attachment, OrderDetail, Remark } from '../../contract/orders/schemas.ts';
import { toast } from '../../stores/notices.ts';
import { Button } from '../../ui/button/button.tsx';
import { ErrorState } from '../../ui/states/error-state.tsx';
import { Tabs } from '../../ui/tabs/tabs.tsx';
import { useT } from '../../ui/use-t.ts';
import { AttachmentsSection } from './attachments-section.tsx';
import { EmailDialog } from './email-dialog.tsx';
import { auditDocument, auditOrder, cancelOrder, recordPrint } from './order-api.ts';
import { type OrderDialog, OrderHeader } from './order-header.tsx';
import { OverviewSection } from './overview-section.tsx';
import { ReasonDialog } from './reason-dialog.tsx';
import { RemarksSection } from './remarks-section.tsx';
import { SourcesSection } from './sources-section.tsx';
import { TemperatureSection } from './temperature-section.tsx';
import { TimelineSection } from './timeline-section.tsx';
import { NotHere } from './not-here.tsx';
import { usePrintOrders } from './use-print-orders.ts';
import { useOrder } from './use-order.ts';
import { REASON_MAX } from '../../contract/orders/limits.ts';
import { REJECT_REASON_MAX } from '../../contract/order-attachments/limits.ts';
import '../../i18n/areas/order-view.ts';

const NONE: readonly number[] = [];

/** The waybill (barcode, QR code) loads only when the print view opens. */
const Waybill = lazy(() => import('./waybill.tsx').then((m) => ({ default: m.Waybill })));
/** "Share tracking" with its calls loads when first opened. */
const ShareDialog = lazy(() => import('./share-dialog.tsx').then((m) => ({ default: m.ShareDialog })));
/** The signing dialog (approvals, document reviews), loaded with the first act that signs. */
const SignDialog = lazy(() => import('./sign-dialog.tsx').then((m) => ({ default: m.SignDialog })));
/** The track (the route's schematic, its rules and the track points), loaded when its section is first shown. */
const TrackSection = lazy(() => import('./track-section.tsx').then((m) => ({ default: m.TrackSection })));
/** The change or cancellation request, with the rules its fields are checked by, loaded when first opened. */
const ApplyModifyDialog = lazy(() =>
  import('./apply-modify-dialog.tsx').then((m) => ({ default: m.ApplyModifyDialog })),
);

export type OrderSection =
  | 'overview'
  | 'timeline'
  | 'temperature'
  | 'track'
  | 'attachments'
  | 'remarks'
  | 'sources';

/** What the view reports to its element. */
export interface OrderViewEvents {
  /** The order is shown (or the language changed): a title with its number for the page's tab. */
  onTitle?: (title: string) => void;
  /** The user changed the order (cancel, audit, request, remark): its new status. */
  onChanged?: (order: { id: number; status: OrderDetail['status'] }) => void;
  /** Downloads an attachment (see AttachmentsSection). */
  onDownload?: (attachment: Attachment) => void;
}

export interface OrderViewProps extends OrderViewEvents {
  /** The order's id; null when the attribute is missing or not a number (shown as not found). */
  orderId: number | null;
  /** Opens on the print view (the waybill). */
  print?: boolean;
  /** Other orders printed in the same document, after this one (the list's bulk print). */
  printWith?: readonly number[];
  /** Where the waybill's QR code points (default: this order's view on the current origin). */
  trackingUrl?: string;
  /** Prints the page (default `window.print`; tests record the call). */
  printPage?: () => void;
}

/**
 * One order: header with status, progress and the actions allowed now, sections in tabs (each
 * loads when first shown), dialogs for the writes, and the waybill print view.
 */
export function OrderView({
  orderId,
  print = false,
  printWith = NONE,
  trackingUrl,
  printPage = () => window.print(),
  onTitle,
  onChanged,
  onDownload,
}: OrderViewProps) {
  const t = useT();
  const { load, reload } = useOrder(orderId);
  const [section, setSection] = useState<OrderSection>('overview');
  const [dialog, setDialog] = useState<OrderDialog | null>(null);
  /** The document an approver is passing or rejecting (its signing dialog is open). */
  const [reviewing, setReviewing] = useState<{ attachment: Attachment; pass: boolean } | null>(null);
  const [printing, setPrinting] = useState(print);
  const [printBusy, setPrintBusy] = useState(false);

  useEffect(() => setPrinting(print), [print]);
  const others = usePrintOrders(printWith, printing);

  const order = load.state === 'ready' ? load.order : null;
  const title = order ? t('orderView.title', { no: order.order_no }) : '';
  // biome-ignore lint/correctness/useExhaustiveDependencies: reported when the title changes, not per render
  useEffect(() => {
    if (title) onTitle?.(title);
  }, [title]);

  const changedMeanwhile = useCallback(() => {
    setDialog(null);
    toast(t('orderView.changed'), 'warning');
    void reload();
  }, [reload, t]);

  const afterWrite = useCallback(
    async (message: string) => {
      setDialog(null);
      toast(message, 'success');
      await reload();
    },
    [reload],
  );

  if (load.state === 'loading')
    return (
      <div className="order-view order-view--loading" aria-busy="true">
        <p className="order-view__muted">{t('common.loading')}</p>
      </div>
    );
  if (load.state === 'not-found')
    return (
      <div className="order-view">
        <NotHere orderId={orderId} />
      </div>
    );
  if (load.state === 'failed')
    return (
      <div className="order-view">
        <ErrorState message={load.message || t('orderView.loadFailed')} onRetry={() => void reload()} />
      </div>
    );

  const current = load.order;
  const reportChange = (status: OrderDetail['status']) => onChanged?.({ id: current.id, status });

  const printed = [current, ...(others.state === 'ready' ? others.orders : [])];
  const doPrint = async () => {
    if (printBusy || others.state === 'loading') return;
    setPrintBusy(true);
    try {
      // every order of the document is recorded, in one call, before the print dialog opens
      await recordPrint(printed.map((o) => o.id));
      printPage();
    } catch {
      toast(t('orderView.print.failed'), 'error');
    } finally {
      setPrintBusy(false);
    }
  };

  if (printing)
    return (
      <Suspense fallback={<p className="order-view__muted">{t('common.loading')}</p>}>
        <Waybill
          orders={printed}
          trackingUrl={(o) =>
            o.id === current.id && trackingUrl
              ? trackingUrl
              : `${location.origin}/customer-order/view/${o.id}`
          }
          missing={others.state === 'ready' ? others.missing : []}
          loading={others.state === 'loading'}
          busy={printBusy}
          onPrint={() => void doPrint()}
          onBack={() => setPrinting(false)}
        />
      </Suspense>
    );

  const items = [
    { key: 'overview' as const, label: t('orderView.section.overview') },
    { key: 'timeline' as const, label: t('orderView.section.timeline') },
    { key: 'temperature' as const, label: t('orderView.section.temperature') },
    { key: 'track' as const, label: t('orderView.section.track') },
    { key: 'attachments' as const, label: t('orderView.section.attachments') },
    { key: 'remarks' as const, label: t('orderView.section.remarks') },
    ...(current.sources.length > 0
      ? [{ key: 'sources' as const, label: t('orderView.section.sources') }]
      : []),
  ];

  return (
    <div className="order-view" aria-busy={load.refreshing || undefined}>
      <OrderHeader order={current} onDialog={setDialog} onPrint={() => setPrinting(true)} />
      <Tabs
        className="order-view__tabs"
        items={items}
        selected={section}
        onSelect={setSection}
        label={t('orderView.section.label')}
      >
        {section === 'overview' && <OverviewSection order={current} />}
        {section === 'timeline' && <TimelineSection events={current.events} />}
        {section === 'temperature' && <TemperatureSection orderId={current.id} />}
        {section === 'track' && (
          <Suspense fallback={<p className="order-view__muted">{t('common.loading')}</p>}>
            <TrackSection order={current} />
          </Suspense>
        )}
        {section === 'attachments' && (
          <AttachmentsSection
            order={current}
            {...(onDownload ? { onDownload } : {})}
            onApprove={(attachment) => setReviewing({ attachment, pass: true })}
            onReject={(attachment) => setReviewing({ attachment, pass: false })}
          />
        )}
        {section === 'remarks' && (
          <RemarksSection
            orderId={current.id}
            remarks={current.remarks}
            canAdd={current.actions.remark}
            onAdded={(_remark: Remark) => void afterWrite(t('orderView.remarks.added'))}
            onChanged={changedMeanwhile}
          />
        )}
        {section === 'sources' && <SourcesSection orderId={current.id} />}
      </Tabs>
      <div className="order-view__reload">
        <Button variant="text" size="sm" guardMs={0} onClick={() => void reload()} loading={load.refreshing}>
          {t('orderView.action.reload')}
        </Button>
      </div>

      {dialog === 'cancel' && (
        <ReasonDialog
          open
          title={t('orderView.cancel.title')}
          label={t('orderView.cancel.reason')}
          submitText={t('orderView.cancel.submit')}
          required
          danger
          onClose={() => setDialog(null)}
          onChanged={changedMeanwhile}
          onSubmit={async (reason) => {
            await cancelOrder(current.id, reason);
            reportChange('cancelled');
            await afterWrite(t('orderView.cancel.done'));
          }}
        />
      )}
      {(dialog === 'approve' || dialog === 'reject') && (
        <Suspense fallback={null}>
          <SignDialog
            title={t(dialog === 'approve' ? 'orderView.audit.approveTitle' : 'orderView.audit.rejectTitle')}
            act={dialog === 'approve' ? 'approve' : 'reject'}
            reason={{
              label: t(dialog === 'approve' ? 'orderView.audit.reason' : 'orderView.audit.rejectReason'),
              required: dialog === 'reject',
              max: REASON_MAX,
            }}
            meanings={dialog === 'approve' ? ['approval', 'responsibility'] : ['review', 'responsibility']}
            subject="order"
            onClose={() => setDialog(null)}
            onChanged={changedMeanwhile}
            onSubmit={async (reason, signature) => {
              const pass = dialog === 'approve';
              const answer = await auditOrder(current.id, pass, reason, current.version, signature);
              reportChange(answer.status);
              await afterWrite(t(pass ? 'orderView.audit.approved' : 'orderView.audit.rejected'));
            }}
          />
        </Suspense>
      )}
      {reviewing && (
        <Suspense fallback={null}>
          <SignDialog
            title={t(reviewing.pass ? 'orderView.attach.approveTitle' : 'orderView.attach.rejectTitle')}
            act={reviewing.pass ? 'approve' : 'reject'}
            reason={
              reviewing.pass
                ? null
                : { label: t('orderView.attach.rejectReason'), required: true, max: REJECT_REASON_MAX }
            }
            meanings={['review', 'approval', 'responsibility']}
            subject="document"
            onClose={() => setReviewing(null)}
            onChanged={() => {
              setReviewing(null);
              changedMeanwhile();
            }}
            onSubmit={async (reason, signature) => {
              await auditDocument(reviewing.attachment.id, reviewing.pass, reason, signature);
              setReviewing(null);
              await afterWrite(
                t(reviewing.pass ? 'orderView.attach.approvedDone' : 'orderView.attach.rejectedDone'),
              );
            }}
          />
        </Suspense>
      )}
      {dialog === 'apply' && (
        <Suspense fallback={null}>
          <ApplyModifyDialog
            open
            order={current}
            onClose={() => setDialog(null)}
            onChanged={changedMeanwhile}
            onDone={() => {
              reportChange(current.status);
              void afterWrite(t('orderView.apply.done'));
            }}
          />
        </Suspense>
      )}
      {dialog === 'share' && (
        <Suspense fallback={null}>
          <ShareDialog
            open
            orderId={current.id}
            onClose={() => setDialog(null)}
            onChanged={changedMeanwhile}
          />
        </Suspense>
      )}
      <EmailDialog
        open={dialog === 'email'}
        orderId={current.id}
        onClose={() => setDialog(null)}
        onChanged={changedMeanwhile}
        onSent={() => {
          setDialog(null);
          toast(t('orderView.email.sent'), 'success');
        }}
      />
    </div>
  );
}
