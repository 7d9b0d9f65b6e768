import { type KeyboardEvent, type Ref, useState } from 'react';
import type { FieldControlProps } from '../../../src/ui/index.ts';
import { useT } from '../../../src/ui/index.ts';

export interface PasswordInputProps extends FieldControlProps {
  value: string;
  onChange: (value: string) => void;
  onKeyUp?: (event: KeyboardEvent<HTMLInputElement>) => void;
  inputRef?: Ref<HTMLInputElement>;
}

/** A password input with a show/hide toggle (a pressed-state button, so screen readers hear it). */
export function PasswordInput({ value, onChange, onKeyUp, inputRef, ...control }: PasswordInputProps) {
  const t = useT();
  const [shown, setShown] = useState(false);
  return (
    <div className="lp-login__password">
      <input
        {...control}
        ref={inputRef}
        type={shown ? 'text' : 'password'}
        className="lp-input lp-login__input"
        name="password"
        autoComplete="current-password"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={64}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onKeyUp={onKeyUp}
      />
      <button
        type="button"
        className="lp-login__reveal"
        aria-label={t('host.login.showPassword')}
        aria-pressed={shown}
        title={shown ? t('host.login.hidePassword') : t('host.login.showPassword')}
        onClick={() => setShown((s) => !s)}
      >
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
          <path
            d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinejoin="round"
          />
          <circle cx="12" cy="12" r="3" fill="none" stroke="currentColor" strokeWidth="1.8" />
          {shown && <path d="M4 4l16 16" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />}
        </svg>
      </button>
    </div>
  );
}
