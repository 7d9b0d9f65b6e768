import { useStore } from '@nanostores/react';
import { $locale } from '../../src/i18n/translate.ts';
import { useT } from '../../src/ui/index.ts';
import { ElementSlot } from '../layout/element-slot.tsx';
import { $location } from '../router/location.ts';
import { StandaloneFrame } from './standalone-frame.tsx';

/** The share link's parameter (`ShareSchema.path`: `/track?share=<token>`). */
const SHARE_PARAM = 'share';

/**
 * /track: order tracking without signing in. With `?share=<token>` (a share link made in the
 * order view) it shows that order's status at once; without, the lookup by order number and a
 * second factor. Both are `<lp-order-status>`, reached by its tag.
 */
export function TrackPage() {
  const t = useT();
  const locale = useStore($locale);
  useStore($location);
  const share = new URLSearchParams(globalThis.location?.search ?? '').get(SHARE_PARAM)?.trim() || undefined;
  return (
    <StandaloneFrame className="lp-track">
      <section className="lp-track__card" aria-labelledby="lp-track-title">
        <h1 id="lp-track-title" className="lp-track__title">
          {t('host.track.title')}
        </h1>
        <p className="lp-track__intro">{t(share ? 'host.track.introShare' : 'host.track.introLookup')}</p>
        <ElementSlot
          // a new share link in the same tab starts a new element (no state of the previous one)
          key={share ?? ''}
          tag="lp-order-status"
          className="lp-track__status"
          // China time, as the portal, its waybills and messages (the select offers the viewer's own)
          attrs={{ locale, 'share-code': share, 'time-zone': 'Asia/Shanghai' }}
          fallback={<p className="lp-track__muted">{t('common.loading')}</p>}
          unavailable={<p className="lp-track__muted">{t('host.track.unavailable')}</p>}
        />
      </section>
    </StandaloneFrame>
  );
}
