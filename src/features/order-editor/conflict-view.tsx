import '../../i18n/areas/order-drafts.ts';
import { useRef } from 'react';
import type { EditConflict, OrderDraftData } from '../../contract/order-editor/schemas.ts';
import { Button } from '../../ui/button/button.tsx';
import { Dialog } from '../../ui/dialog/dialog.tsx';
import { useT } from '../../ui/use-t.ts';
import { changedFields, type DraftField, theirsWithMasked } from './conflict-diff.ts';

export interface ConflictViewProps {
  /** The 409 of a stale edit (null: closed). */
  conflict: EditConflict | null;
  /** The form as this user typed it. */
  mine: OrderDraftData;
  /** Resubmit my form over the order as it is now (`version`: the current one). */
  onKeepMine: (version: number) => void;
  /** Continue from the order as it is now (masked fields keep my values). */
  onTakeTheirs: (form: OrderDraftData, version: number) => void;
  /** Drop my changes (the editor then leaves the form). */
  onDiscard: () => void;
  /** Closed without a choice (Esc, ×): the form stays as it is. */
  onClose?: () => void;
  /** How a field's value reads (the editor knows the names of ids: project, district, site…); undefined: as plain text. */
  display?: (field: DraftField, value: unknown, side: 'mine' | 'theirs') => string | undefined;
}

const blankValue = (value: unknown) => value === undefined || value === null || value === '';

/**
 * The conflict of an edit (a 409 on submit: the order changed since the form opened): which
 * fields differ, mine beside theirs with the fields' labels, and three ways on: keep mine
 * (resubmit with the current version), take theirs, or discard.
 */
export function ConflictView({
  conflict,
  mine,
  onKeepMine,
  onTakeTheirs,
  onDiscard,
  onClose,
  display,
}: ConflictViewProps) {
  const t = useT();
  const first = useRef<HTMLButtonElement>(null);
  const fields = conflict ? changedFields(mine, conflict) : [];

  const show = (field: DraftField, value: unknown, side: 'mine' | 'theirs'): string => {
    const shown = blankValue(value) ? undefined : display?.(field, value, side);
    if (shown !== undefined) return shown;
    if (value === undefined || value === null || value === '') return t('orderDrafts.conflict.empty');
    if (Array.isArray(value))
      return value.length === 0
        ? t('orderDrafts.conflict.empty')
        : t('orderDrafts.conflict.lines', { n: value.length });
    return String(value);
  };

  return (
    <Dialog
      open={conflict !== null}
      title={t('orderDrafts.conflict.title')}
      width={640}
      initialFocus={first}
      className="conflict-view"
      onClose={() => onClose?.()}
      footer={
        conflict && (
          <>
            <Button variant="text" guardMs={0} onClick={onDiscard}>
              {t('orderDrafts.conflict.discard')}
            </Button>
            <Button
              guardMs={0}
              onClick={() => onTakeTheirs(theirsWithMasked(mine, conflict), conflict.order.version)}
            >
              {t('orderDrafts.conflict.takeTheirs')}
            </Button>
            <Button ref={first} variant="primary" onClick={() => onKeepMine(conflict.order.version)}>
              {t('orderDrafts.conflict.keepMine')}
            </Button>
          </>
        )
      }
    >
      {conflict && (
        <>
          <p className="conflict-view__intro">
            {t('orderDrafts.conflict.intro', {
              no: conflict.order.order_no,
              version: conflict.order.version,
            })}
          </p>
          {fields.length === 0 ? (
            <p className="conflict-view__none">{t('orderDrafts.conflict.none')}</p>
          ) : (
            <table className="conflict-view__table">
              <thead>
                <tr>
                  <th scope="col">{t('orderDrafts.conflict.field')}</th>
                  <th scope="col">{t('orderDrafts.conflict.mine')}</th>
                  <th scope="col">{t('orderDrafts.conflict.theirs')}</th>
                </tr>
              </thead>
              <tbody>
                {fields.map((field) => (
                  <tr key={field} data-field={field}>
                    <th scope="row">{t(`orderDrafts.field.${field}`)}</th>
                    <td>{show(field, mine[field], 'mine')}</td>
                    <td>{show(field, conflict.form[field], 'theirs')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
    </Dialog>
  );
}
