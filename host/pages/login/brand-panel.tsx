import { useT } from '../../../src/ui/index.ts';

/** The product mark (the favicon's shape, drawn in white on the brand colour). */
export function BrandMark({ size = 40 }: { size?: number }) {
  return (
    <svg viewBox="0 0 32 32" width={size} height={size} aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="7" fill="currentColor" />
      <path d="M8 9h4v11h8v4H8z" fill="var(--lp-login-mark-ink, #0095a2)" />
      <circle cx="22" cy="12" r="4" fill="var(--lp-login-mark-ink, #0095a2)" />
    </svg>
  );
}

const FEATURES = ['host.login.feature1', 'host.login.feature2', 'host.login.feature3'] as const;

/** The brand side of the sign-in page: product name, what the portal is for. */
export function BrandPanel() {
  const t = useT();
  return (
    <aside className="lp-login__brand" aria-label={t('app.fullName')}>
      <div className="lp-login__brand-top">
        <BrandMark />
        <div>
          <p className="lp-login__product">{t('app.name')}</p>
          <p className="lp-login__product-full">{t('app.fullName')}</p>
        </div>
      </div>
      <ul className="lp-login__features">
        {FEATURES.map((key) => (
          <li key={key}>
            <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false">
              <circle cx="10" cy="10" r="9" fill="rgb(255 255 255 / 18%)" />
              <path
                d="M6 10.5l2.6 2.5L14 7.5"
                fill="none"
                stroke="#fff"
                strokeWidth="1.8"
                strokeLinecap="round"
              />
            </svg>
            <span>{t(key)}</span>
          </li>
        ))}
      </ul>
      <svg className="lp-login__route" viewBox="0 0 400 120" aria-hidden="true" focusable="false">
        <path
          d="M10 100 C 90 20, 160 120, 240 50 S 360 30, 390 20"
          fill="none"
          stroke="rgb(255 255 255 / 35%)"
          strokeWidth="2"
          strokeDasharray="6 8"
        />
        <circle cx="10" cy="100" r="6" fill="#fff" />
        <circle cx="240" cy="50" r="5" fill="rgb(255 255 255 / 70%)" />
        <circle cx="390" cy="20" r="7" fill="#fff" />
      </svg>
    </aside>
  );
}
