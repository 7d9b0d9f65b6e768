import canonicalize from 'canonicalize';
import type { AuditChange } from './tables.ts';

/**
 * A value as the trail stores it: a Date (or a time that parses as one, when the other side is a
 * Date) as ISO 8601 UTC, undefined as null, the rest as it is.
 */
function plain(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  return value === undefined ? null : value;
}

/**
 * The fields of `after` whose value differs from `before`'s (compared as canonical JSON; a time
 * given as text beside a stored Date is read as a time, so the same instant is no change), each as
 * `{field, old, new}`.
 */
export function fieldChanges(
  before: Readonly<Record<string, unknown>>,
  after: Readonly<Record<string, unknown>>,
): AuditChange[] {
  const changes: AuditChange[] = [];
  for (const [field, value] of Object.entries(after)) {
    const old = plain(before[field]);
    const now = before[field] instanceof Date ? plainTime(value) : plain(value);
    if (canonicalize(old) !== canonicalize(now)) changes.push({ field, old, new: now });
  }
  return changes;
}

/** A time given as text, beside a stored Date: ISO 8601 UTC when it parses, else as given. */
function plainTime(value: unknown): unknown {
  if (typeof value !== 'string') return plain(value);
  const time = new Date(value);
  return Number.isNaN(time.getTime()) ? value : time.toISOString();
}

/** Every field of a new record as set (`old` null). */
export const setFields = (after: Readonly<Record<string, unknown>>): AuditChange[] =>
  Object.entries(after).map(([field, value]) => ({ field, old: null, new: plain(value) }));
