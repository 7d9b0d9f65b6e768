/**
 * The UI kit: React components styled for shadow roots (adopt `kitSheets()`). The data table is
 * not here: import it from `./data-table/index.ts`, so that its code, styles and strings load
 * only with the pages that show one.
 */
export { Button, type ButtonProps, type ButtonVariant } from './button/button.tsx';
export { CHAT_CLICK_GUARD_MS, CLICK_GUARD_MS, useClickGuard } from './button/use-click-guard.ts';
export { ConfirmDialog, type ConfirmDialogProps } from './confirm/confirm-dialog.tsx';
export { css, sheet } from './css.ts';
export { Dialog, type DialogCloseReason, type DialogProps } from './dialog/dialog.tsx';
export {
  Checklist,
  type ChecklistItem,
  type FieldBinding,
  type FieldControlProps,
  type Form,
  FormField,
  type FormFieldProps,
  type FormSchema,
  type FormValues,
  mergeRefs,
  SelectField,
  type SelectFieldProps,
  TextAreaField,
  type TextAreaFieldProps,
  TextField,
  type TextFieldProps,
  type UseFormOptions,
  useChecklistAnnouncement,
  useForm,
} from './form/index.ts';
export { Menu, type MenuItem, type MenuProps } from './menu/menu.tsx';
export { MenuButton, type MenuButtonProps } from './menu/menu-button.tsx';
export { Pagination, type PaginationProps } from './pagination/pagination.tsx';
export { type Anchor, follow, place } from './popover/place.ts';
export { Popover, type PopoverProps } from './popover/popover.tsx';
export {
  containsFilter,
  Select,
  type SelectFilter,
  type SelectOption,
  type SelectProps,
} from './select/select.tsx';
export { FilterChip, type FilterChipProps } from './filter-chip/filter-chip.tsx';
export { EmptyState, type EmptyStateProps } from './states/empty-state.tsx';
export { ErrorState, type ErrorStateProps } from './states/error-state.tsx';
export { kitSheets, uiCss, uiSheet } from './styles.ts';
export { Table, type TableColumn, type TableProps } from './table/table.tsx';
export { type TabItem, Tabs, type TabsProps } from './tabs/tabs.tsx';
export { ToastList, type ToastItem, type ToastKind, type ToastListProps } from './toast/toast.tsx';
export { tokensCss, tokensSheet } from './tokens.ts';
export { useT } from './use-t.ts';
