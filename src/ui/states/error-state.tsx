import type { ReactNode } from 'react';
import { Button } from '../button/button.tsx';
import { useT } from '../use-t.ts';

export interface ErrorStateProps {
  /** Default: "Something went wrong". */
  message?: ReactNode;
  /** Shows a retry button. */
  onRetry?: () => void;
}

/** What a panel shows when loading failed; announced to screen readers (`role="alert"`). */
export function ErrorState({ message, onRetry }: ErrorStateProps) {
  const t = useT();
  return (
    <div className="lp-state lp-state--error" role="alert">
      <span className="lp-state__icon" aria-hidden="true">
        !
      </span>
      <p className="lp-state__message">{message ?? t('common.error')}</p>
      {onRetry && (
        <Button variant="primary" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      )}
    </div>
  );
}
