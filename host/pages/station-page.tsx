import { useStore } from '@nanostores/react';
import { $locale } from '../../src/i18n/translate.ts';
import { useT } from '../../src/ui/index.ts';
import { ElementSlot } from '../layout/element-slot.tsx';
import { StandaloneFrame } from './standalone-frame.tsx';

/**
 * /station: the provider's stations and depots, without signing in (spec §2). The list with its
 * search and filters is `<lp-station-list>`, reached by its tag.
 */
export function StationPage() {
  const t = useT();
  const locale = useStore($locale);
  return (
    <StandaloneFrame className="lp-station">
      <section className="lp-station__card" aria-labelledby="lp-station-title">
        <h1 id="lp-station-title" className="lp-station__title">
          {t('host.station.title')}
        </h1>
        <p className="lp-station__intro">{t('host.station.intro')}</p>
        <ElementSlot
          tag="lp-station-list"
          className="lp-station__list"
          attrs={{ locale }}
          fallback={<p className="lp-station__muted">{t('common.loading')}</p>}
          unavailable={<p className="lp-station__muted">{t('host.station.unavailable')}</p>}
        />
      </section>
    </StandaloneFrame>
  );
}
