import { useStore } from '@nanostores/react';
import { t } from '../../src/i18n/translate.ts';
import { $device, $sidebar } from '../../src/stores/app.ts';
import { IconSvg, MENU_ICON_PATH } from './icon-svg.tsx';

/**
 * The portal's frame (sidebar, top bar, empty page) while a page load with a session prepares it
 * (user info and menu): after a reload, a customer switch or a bookmark the page keeps its shape
 * instead of going blank until the layout can draw. Drawn with the layout's own classes, from the
 * main bundle (the layout itself loads lazily).
 */
export function BootShell() {
  const sidebar = useStore($sidebar);
  const device = useStore($device);
  return (
    <div
      className="lp-layout lp-boot"
      data-device={device}
      data-sidebar={sidebar.opened ? 'open' : 'closed'}
      aria-busy="true"
    >
      <div className="lp-sidebar" aria-hidden="true" />
      <div className="lp-main-column">
        <div className="lp-header" aria-hidden="true">
          {/* the top bar's first control where it will be: the frame paints at once, not blank */}
          <div className="lp-navbar">
            <span className="lp-icon-button lp-hamburger">
              <IconSvg>
                <path d={MENU_ICON_PATH} />
              </IconSvg>
            </span>
          </div>
        </div>
        <div className="lp-app-main">
          <p className="lp-visually-hidden" role="status">
            {t('common.loading')}
          </p>
        </div>
      </div>
    </div>
  );
}
