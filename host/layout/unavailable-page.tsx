import { t } from '../../src/i18n/index.ts';
import { EmptyState } from '../../src/ui/index.ts';

/** A menu page whose element this portal does not have (yet): said clearly, never a blank page. */
export function UnavailablePage({ title, tag }: { title: string; tag: string }) {
  return (
    <div className="lp-unavailable" role="status">
      <EmptyState message={<strong>{t('host.unavailable.title')}</strong>}>
        <p>{t('host.unavailable.text', { title, tag })}</p>
      </EmptyState>
    </div>
  );
}
