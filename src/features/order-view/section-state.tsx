import type { ReactNode } from 'react';
import { ErrorState } from '../../ui/states/error-state.tsx';
import { useT } from '../../ui/use-t.ts';
import type { SectionLoad } from './use-section.ts';

/** A loaded section's three states: loading, failed with retry, or its content. */
export function SectionState<T>({
  section,
  retry,
  children,
}: {
  section: SectionLoad<T>;
  retry: () => void;
  children: (data: T) => ReactNode;
}) {
  const t = useT();
  if (section.state === 'loading')
    return (
      <p className="order-view__muted" aria-busy="true">
        {t('common.loading')}
      </p>
    );
  if (section.state === 'failed')
    return <ErrorState message={section.message || undefined} onRetry={retry} />;
  return <>{children(section.data)}</>;
}
