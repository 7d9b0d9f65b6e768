import type { ReactNode } from 'react';
import { useT } from '../use-t.ts';

export interface EmptyStateProps {
  /** Default: "No data". */
  message?: ReactNode;
  /** An action under the message (a "create" button). */
  children?: ReactNode;
}

/** What a list or panel shows when there is nothing to show. */
export function EmptyState({ message, children }: EmptyStateProps) {
  const t = useT();
  return (
    <div className="lp-state lp-state--empty">
      <span className="lp-state__icon" aria-hidden="true" />
      <p className="lp-state__message">{message ?? t('common.empty')}</p>
      {children}
    </div>
  );
}
