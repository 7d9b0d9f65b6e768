import type { AnchorHTMLAttributes, MouseEvent, ReactNode } from 'react';
import { chinaClock } from '../../lib/china-time.ts';
import { navigate } from '../../stores/navigation.ts';
import { addView } from '../../stores/tabs.ts';
import { useDomId } from '../../ui/use-id.ts';
import { useT } from '../../ui/use-t.ts';
import { ORDER_LIST_PATH, orderLink } from './links.ts';
import '../../i18n/areas/home-overview.ts';

/**
 * A link to another page of the portal: a plain click goes through the page's navigation (the
 * host's router cannot see clicks inside a shadow root), a modified click opens a browser tab.
 */
export function Link({
  href,
  children,
  before,
  ...rest
}: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string; before?: () => void }) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    before?.();
    navigate(href);
  };
  return (
    <a href={href} onClick={onClick} {...rest}>
      {children}
    </a>
  );
}

/** An order's number opening the order in its own tab, titled with the number (as the list opens one). */
export function OrderLink({ order }: { order: { id: number; order_no: string } }) {
  const href = orderLink(order.id);
  const tab = () =>
    addView({
      path: href,
      name: href,
      title: order.order_no,
      meta: { title: order.order_no, activeMenu: ORDER_LIST_PATH },
    });
  return (
    <Link href={href} className="ho-item__link" before={tab}>
      {order.order_no}
    </Link>
  );
}

/**
 * A number that opens the place to act on it. Its accessible name is its text: the label, the
 * number and what it counts ("Pending Review: 12 orders"); the number shows above the label, and
 * the separator and the unit are for screen readers only.
 */
export function CountLink({
  href,
  count,
  label,
  unit,
  tone,
}: {
  href: string;
  count: number;
  label: string;
  /** What the number counts ("orders"). */
  unit: string;
  tone?: string;
}) {
  const t = useT();
  return (
    <Link
      href={href}
      className={`ho-count${tone ? ` ho-count--${tone}` : ''}${count === 0 ? ' ho-count--zero' : ''}`}
    >
      <span className="ho-count__label">{label}</span>
      <span className="lp-visually-hidden">{t('homeOverview.sep')}</span>{' '}
      <span className="ho-count__n">{count}</span>
      <span className="lp-visually-hidden"> {unit}</span>
    </Link>
  );
}

/** A block of the overview: a region named by its heading. */
export function Block({
  title,
  className,
  children,
}: {
  title: string;
  className?: string;
  children: ReactNode;
}) {
  const id = useDomId('ho-block');
  return (
    <section className={`ho-block${className ? ` ${className}` : ''}`} aria-labelledby={id}>
      <h3 className="ho-block__title" id={id}>
        {title}
      </h3>
      {children}
    </section>
  );
}

/** Entries shown per list (the call answers up to `OVERVIEW_ITEMS`): the page stays a glance. */
export const SHOWN = 3;

/** `2026-12-01T01:05:00Z` → `09:05`, China time, as every time of the portal (src/lib/china-time.ts). */
export const formatClock = chinaClock;

/** `1.46` → `1.5`. */
export const formatCelsius = (value: number): string => String(Math.round(value * 10) / 10);
