import { type ReactNode, type ToggleEvent, useLayoutEffect, useRef } from 'react';
import { type Anchor, follow } from './place.ts';

export interface PopoverProps {
  open: boolean;
  /** What it opens under: an element, or a point. */
  anchor: Anchor | null;
  /** Closed by Esc or a click outside; the owner sets `open` to false. */
  onClose: () => void;
  /** Accessible name of the panel. */
  label: string;
  children: ReactNode;
  id?: string;
  className?: string;
}

/**
 * A non-modal panel in an `auto` popover (top layer, light dismiss: Esc or a click outside
 * closes it), placed under its anchor: hints, small forms, pickers. The focus moves into it on
 * open; return it from `onClose` if the owner wants to.
 */
export function Popover({ open, anchor, onClose, label, children, id, className }: PopoverProps) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const panel = ref.current;
    if (!open || !panel || !anchor) return;
    if (!panel.matches(':popover-open')) panel.showPopover();
    const stop = follow(panel, anchor);
    panel.focus();
    return () => {
      stop();
      if (panel.matches(':popover-open')) panel.hidePopover();
    };
  }, [open, anchor]);
  return (
    <div
      ref={ref}
      id={id}
      role="dialog"
      aria-label={label}
      tabIndex={-1}
      popover="auto"
      className={['lp-popover', 'lp-root', className].filter(Boolean).join(' ')}
      onToggle={(event: ToggleEvent<HTMLDivElement>) => {
        if (event.newState === 'closed' && open) onClose();
      }}
    >
      {children}
    </div>
  );
}
