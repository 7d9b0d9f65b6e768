import { useState } from 'react';
import { t } from '../../src/i18n/translate.ts';
import { local } from '../../src/stores/storage.ts';
import { Icon } from './icons.tsx';

const HINT_KEY = 'lp-browser-hint-shown';

interface BrandsNavigator {
  userAgentData?: { brands?: Array<{ brand: string }> };
}

/** Chrome (or Chromium) by its client hints, or its user agent where hints are missing. */
export function isChrome(nav: Navigator & BrandsNavigator = navigator): boolean {
  const brands = nav.userAgentData?.brands;
  if (brands?.length)
    return brands.some((b) => /Chrom(e|ium)/.test(b.brand)) && !brands.some((b) => /Edge/.test(b.brand));
  return /Chrome\//.test(nav.userAgent) && !/Edg\/|OPR\//.test(nav.userAgent);
}

/** Shown once, for browsers other than Chrome (spec §2). */
export function BrowserHint() {
  const [visible, setVisible] = useState(() => !isChrome() && local.get(HINT_KEY) !== '1');
  if (!visible) return null;
  const dismiss = () => {
    local.set(HINT_KEY, '1');
    setVisible(false);
  };
  return (
    <div className="lp-browser-hint" role="status">
      <span>{t('host.browserHint')}</span>
      <button type="button" className="lp-icon-button" aria-label={t('common.close')} onClick={dismiss}>
        <Icon name="close" size={14} />
      </button>
    </div>
  );
}
