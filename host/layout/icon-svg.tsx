import type { ReactNode } from 'react';

/** The top bar's menu icon (three lines): drawn by the boot frame too, before the icon set loads. */
export const MENU_ICON_PATH = 'M4 6h16M4 12h16M4 18h16';

/** A line icon's frame (24×24 view, stroke = currentColor), decorative. */
export function IconSvg({ size = 18, children }: { size?: number; children: ReactNode }) {
  return (
    <svg
      className="lp-icon"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}
