import { type ReactNode, useRef, useState } from 'react';
import { Button, type ButtonProps } from '../button/button.tsx';
import { useDomId } from '../use-id.ts';
import { Menu, type MenuItem } from './menu.tsx';

export interface MenuButtonProps<K extends string> {
  /** The trigger's content. */
  children: ReactNode;
  items: readonly MenuItem<K>[];
  onSelect: (key: K) => void;
  /** Accessible name of the menu (the trigger's text is a good one). */
  label: string;
  variant?: ButtonProps['variant'];
  className?: string;
}

/** A button that opens a menu (↓/Enter/Space open it, Esc closes it and returns the focus). */
export function MenuButton<K extends string>({
  children,
  items,
  onSelect,
  label,
  variant = 'text',
  className,
}: MenuButtonProps<K>) {
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const menuId = useDomId('lp-menu');
  const close = () => {
    setOpen(false);
    trigger.current?.focus();
  };
  return (
    <>
      <Button
        ref={trigger}
        variant={variant}
        guardMs={0}
        className={className}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen(!open)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        {children}
      </Button>
      <Menu
        id={menuId}
        open={open}
        anchor={open ? trigger.current : null}
        items={items}
        label={label}
        onSelect={onSelect}
        onClose={close}
      />
    </>
  );
}
