import { type ReactNode, useRef, useState } from 'react';
import { Button } from '../button/button.tsx';
import { Dialog } from '../dialog/dialog.tsx';

/** One value the dialog shows: a client id, a secret, the secret before a rotation. */
export interface SecretItem {
  label: ReactNode;
  value: string;
  /** Shows a copy button beside it. */
  copy?: boolean;
}

/** The page's own words (the kit carries no strings of these pages). */
export interface SecretTexts {
  copy: string;
  copied: string;
  /** Said when the clipboard is refused and the value is selected instead. */
  copyManual: string;
  close: string;
}

export interface SecretDialogProps {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  /** Said first, as an alert (an API client's secret: shown this once). */
  warning?: ReactNode;
  /** Said after the values. */
  note?: ReactNode;
  items: readonly SecretItem[];
  texts: SecretTexts;
}

/** One value in monospace, selected whole by a click, with its copy button and what copying did. */
function SecretValue({ item, texts }: { item: SecretItem; texts: SecretTexts }) {
  const ref = useRef<HTMLElement>(null);
  const [said, setSaid] = useState('');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(item.value);
      setSaid(texts.copied);
    } catch {
      if (ref.current) getSelection()?.selectAllChildren(ref.current);
      setSaid(texts.copyManual);
    }
  };
  return (
    <>
      <dt>{item.label}</dt>
      <dd>
        <code className="lp-secret__value" ref={ref}>
          {item.value}
        </code>
        {item.copy && (
          <span className="lp-secret__copy">
            <Button size="sm" guardMs={400} onClick={() => void copy()}>
              {texts.copy}
            </Button>
            <span className="lp-secret__said" role="status">
              {said}
            </span>
          </span>
        )}
      </dd>
    </>
  );
}

/**
 * A dialog showing credentials once made (an API client's id and secret, a webhook's signing
 * secret): each value whole and selectable, with a copy button that falls back to selecting the
 * value where the clipboard is refused. Closed by its one button. Styled by `secretStyles`.
 */
export function SecretDialog({ open, title, onClose, warning, note, items, texts }: SecretDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={title}
      width={600}
      footer={
        <Button variant="primary" guardMs={400} onClick={onClose}>
          {texts.close}
        </Button>
      }
    >
      {open && (
        <div className="lp-secret">
          {warning && (
            <p className="lp-secret__warning" role="alert">
              {warning}
            </p>
          )}
          <dl className="lp-secret__items">
            {items.map((item) => (
              <SecretValue key={item.value} item={item} texts={texts} />
            ))}
          </dl>
          {note && <p className="lp-secret__note">{note}</p>}
        </div>
      )}
    </Dialog>
  );
}
