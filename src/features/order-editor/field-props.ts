/** What every field of the editor gets from the form: its name, message, blur and focus hook. */
export interface FieldBits {
  name: string;
  error: string | undefined;
  onBlur: () => void;
  inputRef: (element: HTMLElement | null) => void;
}

export type FieldProps = (path: string) => FieldBits;
