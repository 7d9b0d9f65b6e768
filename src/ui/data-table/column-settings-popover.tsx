import { useRef, useState } from 'react';
import { Button } from '../button/button.tsx';
import { Popover } from '../popover/popover.tsx';
import { useDomId } from '../use-id.ts';
import { useT } from '../use-t.ts';
import { type ColumnSetting, moveColumn } from './column-settings.ts';
import '../../i18n/areas/data-table.ts';

export interface ColumnSettingsPopoverProps {
  /** Title and hideability of each column, by key. */
  columns: ReadonlyMap<string, { title: string; hideable: boolean }>;
  settings: readonly ColumnSetting[];
  onChange: (next: ColumnSetting[]) => void;
  onReset: () => void;
  /** The popover closed: time to save. */
  onClose: () => void;
}

/**
 * The "Columns" button and its popover: a checkbox per column (show or hide), buttons to move
 * a column up or down (keyboard-operable, unlike dragging; at either end they stay focusable,
 marked aria-disabled, so the focus is not lost when a column reaches the top), and a reset. Changes show at once;
 * the owner saves them when the popover closes.
 */
export function ColumnSettingsPopover({
  columns,
  settings,
  onChange,
  onReset,
  onClose,
}: ColumnSettingsPopoverProps) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const id = useDomId('lp-columns');
  const close = () => {
    setOpen(false);
    onClose();
    trigger.current?.focus();
  };
  return (
    <>
      <Button
        ref={trigger}
        guardMs={0}
        size="sm"
        className="lp-data-table__columns-button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => (open ? close() : setOpen(true))}
      >
        {t('ui.dataTable.columns')}
      </Button>
      <Popover
        id={id}
        open={open}
        anchor={open ? trigger.current : null}
        label={t('ui.dataTable.columnsTitle')}
        onClose={close}
        className="lp-column-settings"
      >
        <p className="lp-column-settings__title">{t('ui.dataTable.columnsTitle')}</p>
        <ul className="lp-column-settings__list">
          {settings.map((setting, index) => {
            const column = columns.get(setting.key);
            if (!column) return null;
            return (
              <li key={setting.key} className="lp-column-settings__item" data-key={setting.key}>
                <label className="lp-column-settings__label">
                  <input
                    type="checkbox"
                    checked={setting.visible}
                    disabled={!column.hideable}
                    onChange={(event) =>
                      onChange(
                        settings.map((s) =>
                          s.key === setting.key ? { ...s, visible: event.currentTarget.checked } : s,
                        ),
                      )
                    }
                  />
                  <span>{column.title}</span>
                </label>
                <button
                  type="button"
                  className="lp-column-settings__move"
                  aria-label={t('ui.dataTable.moveUp', { column: column.title })}
                  aria-disabled={index === 0 || undefined}
                  onClick={() => onChange(moveColumn(settings, setting.key, -1))}
                >
                  <span aria-hidden="true">↑</span>
                </button>
                <button
                  type="button"
                  className="lp-column-settings__move"
                  aria-label={t('ui.dataTable.moveDown', { column: column.title })}
                  aria-disabled={index === settings.length - 1 || undefined}
                  onClick={() => onChange(moveColumn(settings, setting.key, 1))}
                >
                  <span aria-hidden="true">↓</span>
                </button>
              </li>
            );
          })}
        </ul>
        <Button guardMs={0} size="sm" variant="text" onClick={onReset}>
          {t('ui.dataTable.resetColumns')}
        </Button>
      </Popover>
    </>
  );
}
