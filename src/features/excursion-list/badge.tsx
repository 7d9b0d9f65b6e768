/** A case's level, state and budget as a badge: the word says it, the colour repeats it. */
export function Badge({ kind, value, children }: { kind: string; value: string; children: string }) {
  return (
    <span className={`exc-badge exc-badge--${kind}-${value}`} data-kind={kind} data-value={value}>
      {children}
    </span>
  );
}
