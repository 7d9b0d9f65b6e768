import type { ButtonHTMLAttributes, MouseEvent, Ref } from 'react';
import { CLICK_GUARD_MS, useClickGuard } from './use-click-guard.ts';

export type ButtonVariant = 'primary' | 'default' | 'text' | 'danger';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: 'sm' | 'md';
  /** Milliseconds the button stays inactive after a click (default 2000; 0 = no guard). */
  guardMs?: number;
  /** Shows a busy state and refuses clicks. */
  loading?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

/**
 * A button with the spec's click guard: after a click it stays focusable but inactive
 * (`aria-disabled`) for `guardMs`, so a double click never submits twice.
 */
export function Button({
  variant = 'default',
  size = 'md',
  guardMs = CLICK_GUARD_MS,
  loading = false,
  type = 'button',
  className,
  onClick,
  children,
  ...rest
}: ButtonProps) {
  const { guarded, pass } = useClickGuard(guardMs);
  const inactive = guarded || loading;
  const handleClick = (event: MouseEvent<HTMLButtonElement>) => {
    // The guard's clock decides, not `guarded`: that is drawn by a render that may come after a
    // click the browser handles first (input goes before other work on a busy page).
    if (loading || !pass()) {
      event.preventDefault();
      event.stopPropagation();
      return;
    }
    onClick?.(event);
  };
  const classes = ['lp-button', `lp-button--${variant}`, `lp-button--${size}`, className].filter(Boolean);
  return (
    <button
      {...rest}
      type={type}
      className={classes.join(' ')}
      aria-disabled={inactive || undefined}
      aria-busy={loading || undefined}
      onClick={handleClick}
    >
      {loading && <span className="lp-button__spinner" aria-hidden="true" />}
      {children}
    </button>
  );
}
