import type { Address } from '../../contract/master-data/schemas.ts';
import type { InventoryAddAnswer } from '../../contract/order-editor/schemas.ts';
import {
  addressFill,
  allowedBy,
  type EditorForm,
  type Project,
  withParty,
  withProject,
} from './form-model.ts';

/** Why stock lines handed over by the inventory page cannot start this form. */
export type StockHandoffProblem = 'unavailable' | 'mixed' | 'project';

/**
 * A new form started from stock lines (the inventory page's "order the selected lines"): the
 * lines' project, goods type and temperature class, and the lines without a quantity yet, as the
 * server's `inventory-detail-add` check answered them. Lines the server refuses, lines of more
 * than one project, class, goods type or depot, or a project the user cannot order for, give a
 * problem instead. The goods leave from their depot: when the form has no start yet and one start
 * address of the address book is that depot (by its name), it is the start.
 */
export function formFromStock(
  form: EditorForm,
  answer: InventoryAddAnswer,
  projects: readonly Project[],
  startAddresses: readonly Address[] = [],
): { form: EditorForm; problem: null } | { form: null; problem: StockHandoffProblem } {
  if (answer.refused.length > 0 || answer.list.length === 0) return { form: null, problem: 'unavailable' };
  const one = <V>(of: (line: InventoryAddAnswer['list'][number]) => V) =>
    new Set(answer.list.map(of)).size === 1;
  if (!(one((l) => l.pr_id) && one((l) => l.temp_class) && one((l) => l.goods_type) && one((l) => l.depot)))
    return { form: null, problem: 'mixed' };
  const [first] = answer.list as [InventoryAddAnswer['list'][number]];
  const project = projects.find((p) => p.pr_id === first.pr_id);
  if (!project) return { form: null, problem: 'project' };
  const allowed = allowedBy(project.conf);
  const depots = startAddresses.filter((a) => a.company === first.depot);
  const [depot] = depots;
  const projected = withProject(form, project);
  const next =
    depot && depots.length === 1 && !form.from_company
      ? withParty(projected, 'from', addressFill(depot))
      : projected;
  return {
    form: {
      ...next,
      temp_class: allowed.tempClasses.includes(first.temp_class) ? first.temp_class : next.temp_class,
      to_goodstype: allowed.goodsTypes.includes(first.goods_type) ? first.goods_type : next.to_goodstype,
      goods: answer.list.map((l) => ({ in_id: l.in_id, quantity: '' })),
    },
    problem: null,
  };
}
