import { type ReactNode, useMemo } from 'react';
import { passwordRules, SPECIAL_SYMBOLS } from '../../contract/password.ts';
import { Checklist, type ChecklistItem, useChecklistAnnouncement } from '../../ui/form/checklist.tsx';
import { useT } from '../../ui/use-t.ts';
import '../../i18n/areas/password.ts';

/**
 * The password policy as a live checklist under the new-password field: exactly the rules the
 * contract checks (src/contract/password.ts), ticking as the user types, each change read out.
 * `special`: the edit dialog also needs a symbol of the fixed set.
 */
export function usePasswordRules(password: string, special: boolean): { hint: ReactNode; status: string } {
  const t = useT();
  const rules = passwordRules(password);
  const items = useMemo<ChecklistItem[]>(() => {
    const list: ChecklistItem[] = [
      { id: 'length', label: t('account.rules.length'), met: rules.length },
      { id: 'noSpaces', label: t('account.rules.noSpaces'), met: password !== '' && rules.noSpaces },
      { id: 'classes', label: t('account.rules.classes'), met: rules.classes },
      { id: 'pattern', label: t('account.rules.pattern'), met: password !== '' && rules.pattern },
    ];
    if (special) {
      list.push({
        id: 'special',
        label: t('account.rules.special'),
        detail: SPECIAL_SYMBOLS.split('').join(' '),
        met: rules.special,
      });
    }
    return list;
  }, [t, password, special, rules.length, rules.noSpaces, rules.classes, rules.pattern, rules.special]);
  const status = useChecklistAnnouncement(items);
  return { hint: <Checklist items={items} label={t('account.rules.label')} />, status };
}
