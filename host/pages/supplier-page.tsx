import { useStore } from '@nanostores/react';
import { $locale } from '../../src/i18n/translate.ts';
import { useT } from '../../src/ui/index.ts';
import { ElementSlot } from '../layout/element-slot.tsx';
import { $location } from '../router/location.ts';
import { StandaloneFrame } from './standalone-frame.tsx';

/** The signed link's parameter (`provider/supplier-link` answers `/supplier-allback?link=<token>`). */
const LINK_PARAM = 'link';

/**
 * /supplier-allback: a carrier or supplier answers an order's pickup or delivery task from the
 * signed link the provider sent them, without signing in. The page is `<lp-supplier-callback>`,
 * reached by its tag.
 */
export function SupplierPage() {
  const t = useT();
  const locale = useStore($locale);
  useStore($location);
  const link = new URLSearchParams(globalThis.location?.search ?? '').get(LINK_PARAM)?.trim() ?? '';
  return (
    <StandaloneFrame className="lp-supplier">
      <section className="lp-supplier__card" aria-labelledby="lp-supplier-title">
        <h1 id="lp-supplier-title" className="lp-supplier__title">
          {t('host.supplier.title')}
        </h1>
        <ElementSlot
          // a new link in the same tab starts a new element (no state of the previous one)
          key={link}
          tag="lp-supplier-callback"
          className="lp-supplier__element"
          attrs={{ locale, link }}
          fallback={<p className="lp-supplier__muted">{t('common.loading')}</p>}
          unavailable={<p className="lp-supplier__muted">{t('host.supplier.unavailable')}</p>}
        />
      </section>
    </StandaloneFrame>
  );
}
