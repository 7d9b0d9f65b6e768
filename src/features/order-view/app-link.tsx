import type { MouseEvent, ReactNode } from 'react';
import { navigate } from '../../stores/navigation.ts';

/**
 * A link to another page of the portal: a plain click goes through the page's navigation (the
 * host's router; the host cannot see clicks inside a shadow root), a modified click opens a tab.
 */
export function AppLink({
  href,
  children,
  className,
}: {
  href: string;
  children: ReactNode;
  className?: string;
}) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(href);
  };
  return (
    <a href={href} className={className} onClick={onClick}>
      {children}
    </a>
  );
}
