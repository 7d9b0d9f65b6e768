/** Form primitives: fields, the rules checklist and the form hook. */
export { Checklist, type ChecklistItem, useChecklistAnnouncement } from './checklist.tsx';
export { type FieldControlProps, FormField, type FormFieldProps } from './form-field.tsx';
export { mergeRefs } from './merge-refs.ts';
export { SelectField, type SelectFieldProps } from './select-field.tsx';
export { TextAreaField, type TextAreaFieldProps } from './text-area-field.tsx';
export { TextField, type TextFieldProps } from './text-field.tsx';
export {
  type FieldBinding,
  type Form,
  type FormSchema,
  type FormValues,
  type UseFormOptions,
  useForm,
} from './use-form.ts';
