import type { MouseEvent, ReactNode } from 'react';
import { navigate } from '../../stores/navigation.ts';
import { addView } from '../../stores/tabs.ts';

/** The order view of an order, and the list it belongs to (its tab's menu entry). */
export const orderPath = (id: number): string => `/customer-order/view/${id}`;
const ORDER_LIST_PATH = '/customer-order/index';

/** A plain click opens the page in the portal; a click with a modifier key is the browser's. */
const plainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/**
 * A link to another page of the portal, opened in its own tab titled `title` (the host's router
 * cannot see clicks inside a shadow root, so a plain click navigates through the page's store).
 */
export function PortalLink({
  href,
  title,
  activeMenu,
  children,
  className,
  label,
}: {
  href: string;
  title: string;
  activeMenu: string;
  children: ReactNode;
  className?: string;
  label?: string;
}) {
  return (
    <a
      href={href}
      className={className}
      aria-label={label}
      onClick={(event) => {
        if (!plainClick(event)) return;
        event.preventDefault();
        addView({ path: href, name: href, title, meta: { title, activeMenu } });
        navigate(href);
      }}
    >
      {children}
    </a>
  );
}

/** An order's number opening its order view in a tab of its own. */
export const OrderLink = ({
  order,
  className,
}: {
  order: { id: number; order_no: string };
  className?: string;
}) => (
  <PortalLink
    href={orderPath(order.id)}
    title={order.order_no}
    activeMenu={ORDER_LIST_PATH}
    className={className}
  >
    {order.order_no}
  </PortalLink>
);
