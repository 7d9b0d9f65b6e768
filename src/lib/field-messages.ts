import type * as v from 'valibot';
import '../i18n/areas/field.ts';
import { type FieldMessageId, fieldMessageId } from '../contract/messages.ts';
import { type MessageKey, t } from '../i18n/translate.ts';

/** A translator such as `t` or the one `useT()` gives. */
export type Translate = (key: MessageKey, params?: Record<string, string | number>) => string;

type FieldKey = `field.${FieldMessageId}`;
/** Every contract message has its `field.<id>` entry (this fails to compile when one is missing). */
const keyOf = (id: FieldMessageId): MessageKey => `field.${id}` satisfies FieldKey;

/** A kind of check without a message of its own → a message for that kind. */
const byKind: Record<string, MessageKey> = {
  non_empty: 'field.check.required',
  min_length: 'field.check.minLength',
  max_length: 'field.check.maxLength',
  min_value: 'field.check.minValue',
  max_value: 'field.check.maxValue',
  integer: 'field.check.integer',
  number: 'field.check.number',
  iso_date: 'field.check.date',
  date: 'field.check.date',
  picklist: 'field.check.choice',
  enum: 'field.check.choice',
  literal: 'field.check.choice',
  variant: 'field.check.choice',
  regex: 'field.check.format',
  email: 'field.check.format',
};

const isBlank = (input: unknown) => input === undefined || input === null || input === '';

function requirementText(requirement: unknown): string {
  if (requirement instanceof Date) return requirement.toISOString().slice(0, 10);
  return typeof requirement === 'number' || typeof requirement === 'string' ? String(requirement) : '';
}

/**
 * A server's field message in the user's language: a contract message by its id, anything else
 * as the server wrote it (the server will answer in the user's language itself).
 */
export function serverFieldText(message: string, translate: Translate = t): string {
  const id = fieldMessageId(message);
  return id ? translate(keyOf(id)) : message;
}

/**
 * A valibot issue of a form's own check in the user's language: the contract message it carries
 * by id, else a message for its kind of check; an empty value reads "please fill in this field".
 */
export function issueText(issue: v.BaseIssue<unknown>, translate: Translate = t): string {
  const id = fieldMessageId(issue.message);
  if (id) return translate(keyOf(id));
  if (isBlank(issue.input)) return translate('field.check.required');
  const list = Array.isArray(issue.input);
  const key =
    list && issue.type === 'min_length'
      ? 'field.check.minItems'
      : list && issue.type === 'max_length'
        ? 'field.check.maxItems'
        : (byKind[issue.type] ?? 'field.check.invalid');
  return translate(key, { requirement: requirementText(issue.requirement) });
}
