import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from '../../api/errors.ts';
import { Code } from '../../contract/codes.ts';
import { toast } from '../../stores/notices.ts';
import { Button } from '../../ui/button/button.tsx';
import { ConfirmDialog } from '../../ui/confirm/confirm-dialog.tsx';
import { Dialog } from '../../ui/dialog/dialog.tsx';
import { useT } from '../../ui/use-t.ts';
import { formatStamp } from './format.ts';
import {
  createShare,
  listShares,
  maskCode,
  revokeShare,
  type Share,
  type ShareItem,
  shareLink,
  shareState,
} from './share-api.ts';
import '../../i18n/areas/order-view.ts';

/** The lifetimes the dialog offers (the contract allows 1–90 days). */
export const SHARE_DAYS = [1, 7, 30, 90] as const;
type Days = (typeof SHARE_DAYS)[number];

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export interface ShareDialogProps {
  open: boolean;
  orderId: number;
  onClose: () => void;
  /** The order went meanwhile (404): the view reloads it. */
  onChanged: () => void;
}

type Loaded = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; list: ShareItem[] };

/**
 * "Share tracking": makes a share of the order's status for someone outside the portal (a site,
 * a lab, the sponsor) valid for 1, 7, 30 or 90 days, shows its code and link once to copy, and
 * lists the order's shares with their use and a way to revoke each.
 */
export function ShareDialog({ open, orderId, onClose, onChanged }: ShareDialogProps) {
  const t = useT();
  const [days, setDays] = useState<Days>(7);
  const [busy, setBusy] = useState(false);
  const [made, setMade] = useState<Share | null>(null);
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [revoking, setRevoking] = useState<ShareItem | null>(null);
  const [copied, setCopied] = useState('');
  const first = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLElement>(null);
  const linkRef = useRef<HTMLInputElement>(null);

  // The owner's callback may change on every render: the calls below read the latest one.
  const changed = useRef(onChanged);
  changed.current = onChanged;
  const gone = useCallback((error: unknown) => {
    if (isApiError(error) && error.code === Code.notFound) {
      changed.current();
      return true;
    }
    return false;
  }, []);

  const reload = useCallback(async () => {
    setLoaded((now) => (now.state === 'ready' ? now : { state: 'loading' }));
    try {
      setLoaded({ state: 'ready', list: await listShares(orderId) });
    } catch (error) {
      if (!gone(error)) setLoaded({ state: 'failed' });
    }
  }, [orderId, gone]);

  useEffect(() => {
    if (!open) return;
    setDays(7);
    setMade(null);
    setCopied('');
    setLoaded({ state: 'loading' });
    void reload();
  }, [open, reload]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      const share = await createShare(orderId, days);
      setMade(share);
      setCopied('');
      setLoaded((now) => (now.state === 'ready' ? { state: 'ready', list: [share, ...now.list] } : now));
      void reload();
    } catch (error) {
      gone(error);
    } finally {
      setBusy(false);
    }
  };

  /** Copies `text`; where the clipboard is refused, selects it for the user to copy. */
  const copy = async (what: 'code' | 'link', text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(t('orderView.share.copied'));
    } catch {
      const target = what === 'link' ? linkRef.current : codeRef.current;
      if (target instanceof HTMLInputElement) {
        target.focus();
        target.select();
      } else if (target) getSelection()?.selectAllChildren(target);
      setCopied(t('orderView.share.copyManual'));
    }
  };

  const revoke = async (share: ShareItem) => {
    setRevoking(null);
    try {
      await revokeShare(share.id);
      toast(t('orderView.share.revoked'), 'success');
      if (made?.id === share.id) setMade(null);
    } catch (error) {
      if (gone(error)) return;
    }
    await reload();
  };

  const now = Date.now();
  return (
    <Dialog
      open={open}
      title={t('orderView.share.title')}
      onClose={onClose}
      width={720}
      initialFocus={first}
      className="order-view__share"
      footer={
        <Button guardMs={0} onClick={onClose}>
          {t('orderView.share.close')}
        </Button>
      }
    >
      <p className="order-view__muted">{t('orderView.share.intro')}</p>
      <form onSubmit={submit} noValidate className="order-view__form order-view__share-form">
        <fieldset className="order-view__fieldset order-view__fieldset--inline">
          <legend>{t('orderView.share.days')}</legend>
          {SHARE_DAYS.map((value, index) => (
            <label key={value} className="order-view__radio">
              <input
                ref={index === 0 ? first : undefined}
                type="radio"
                name="days"
                value={value}
                checked={days === value}
                onChange={() => setDays(value)}
              />
              {t(`orderView.share.day${value}`)}
            </label>
          ))}
        </fieldset>
        <Button type="submit" variant="primary" loading={busy}>
          {t('orderView.share.create')}
        </Button>
      </form>

      {made && (
        <section className="order-view__share-made" aria-labelledby="order-view-share-made">
          <h3 id="order-view-share-made" className="order-view__subtitle">
            {t('orderView.share.created')}
          </h3>
          <div className="order-view__share-row">
            <span className="order-view__share-label">{t('orderView.share.code')}</span>
            <code ref={codeRef} className="order-view__share-code" data-testid="share-code">
              {made.code}
            </code>
            <Button size="sm" guardMs={0} onClick={() => void copy('code', made.code)}>
              {t('orderView.share.copyCode')}
            </Button>
          </div>
          <div className="order-view__share-row">
            <label className="order-view__share-label" htmlFor="order-view-share-link">
              {t('orderView.share.link')}
            </label>
            <input
              ref={linkRef}
              id="order-view-share-link"
              className="lp-input order-view__share-link"
              readOnly
              value={shareLink(made)}
              onFocus={(event) => event.currentTarget.select()}
            />
            <Button size="sm" guardMs={0} onClick={() => void copy('link', shareLink(made))}>
              {t('orderView.share.copyLink')}
            </Button>
          </div>
          <p className="order-view__muted">
            {t('orderView.share.expiresIn', {
              when: untilWords(t, Date.parse(made.expires_at) - now),
              at: formatStamp(made.expires_at),
            })}
          </p>
          <p className="order-view__share-copied" role="status">
            {copied}
          </p>
        </section>
      )}

      <div className="order-view__share-list">
        <h3 id="order-view-share-list" className="order-view__subtitle">
          {t('orderView.share.list')}
        </h3>
        {loaded.state === 'loading' && <p className="order-view__muted">{t('common.loading')}</p>}
        {loaded.state === 'failed' && (
          <p className="order-view__error" role="alert">
            {t('orderView.share.loadFailed')}{' '}
            <Button size="sm" variant="text" guardMs={0} onClick={() => void reload()}>
              {t('orderView.share.retry')}
            </Button>
          </p>
        )}
        {loaded.state === 'ready' && loaded.list.length === 0 && (
          <p className="order-view__muted">{t('orderView.share.none')}</p>
        )}
        {loaded.state === 'ready' && loaded.list.length > 0 && (
          <>
            <p className="order-view__muted order-view__share-hint">{t('orderView.share.codeMasked')}</p>
            <section
              className="order-view__table-wrap"
              aria-labelledby="order-view-share-list"
              // biome-ignore lint/a11y/noNoninteractiveTabindex: the list scrolls sideways on a phone: reachable by keyboard to scroll it
              tabIndex={0}
            >
              <table className="order-view__table">
                <thead>
                  <tr>
                    <th scope="col">{t('orderView.share.code')}</th>
                    <th scope="col">{t('orderView.share.createdBy')}</th>
                    <th scope="col">{t('orderView.share.createdAt')}</th>
                    <th scope="col">{t('orderView.share.expires')}</th>
                    <th scope="col">{t('orderView.share.lastUsed')}</th>
                    <th scope="col">{t('orderView.share.status')}</th>
                    <th scope="col">
                      <span className="order-view__sr">{t('orderView.share.revoke')}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {loaded.list.map((share) => {
                    const state = shareState(share, now);
                    const code = maskCode(share.code_tail);
                    return (
                      <tr key={share.id} data-share-state={state}>
                        <td>
                          <code>{code}</code>
                        </td>
                        <td>{share.created_by}</td>
                        <td>{formatStamp(share.created_at)}</td>
                        <td>{formatStamp(share.revoked_at ?? share.expires_at)}</td>
                        <td>
                          {share.last_used_at ? formatStamp(share.last_used_at) : t('orderView.share.never')}
                        </td>
                        <td>
                          <span className={`order-view__share-state order-view__share-state--${state}`}>
                            {t(`orderView.share.state.${state}`)}
                          </span>
                        </td>
                        <td>
                          {state === 'active' && (
                            <Button
                              size="sm"
                              variant="danger"
                              guardMs={0}
                              aria-label={t('orderView.share.revokeLabel', { code })}
                              onClick={() => setRevoking(share)}
                            >
                              {t('orderView.share.revoke')}
                            </Button>
                          )}
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </section>
          </>
        )}
      </div>
      <ConfirmDialog
        open={revoking !== null}
        danger
        title={t('orderView.share.revokeTitle')}
        message={t('orderView.share.revokeMessage', { code: revoking ? maskCode(revoking.code_tail) : '' })}
        confirmText={t('orderView.share.revoke')}
        onAnswer={(yes) => {
          if (yes && revoking) void revoke(revoking);
          else setRevoking(null);
        }}
      />
    </Dialog>
  );
}

type Translate = ReturnType<typeof useT>;

/** How long until a time, in the largest whole unit (days, hours, minutes). */
function untilWords(t: Translate, ms: number): string {
  if (ms >= DAY) return t('orderView.share.inDays', { n: Math.round(ms / DAY) });
  if (ms >= HOUR) return t('orderView.share.inHours', { n: Math.round(ms / HOUR) });
  return t('orderView.share.inMinutes', { n: Math.max(1, Math.ceil(ms / MINUTE)) });
}
