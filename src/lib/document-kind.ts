import type { AttachmentKind } from '../contract/orders/domain.ts';

/** Words in a file name that say what document it is, in Chinese or English. */
const NAMED: ReadonlyArray<[AttachmentKind, RegExp]> = [
  ['packing_list', /装箱|箱单|packing|pack[-_ ]?list/i],
  ['temperature_report', /温度|记录仪|temp(erature)?|logger/i],
  ['pod', /签收|回单|(^|[^a-z])pod([^a-z]|$)|proof[-_ ]?of[-_ ]?delivery|receipt/i],
  ['customs', /报关|清关|customs/i],
  ['print_scan', /扫描|签字|运单|面单|scan|signed|waybill/i],
];

/** The document kind a file's name says (`装箱单-0312.pdf` → packing list), or null when it says none. */
export function kindFromName(name: string): AttachmentKind | null {
  const stem = name.replace(/\.[^.]*$/, '');
  return NAMED.find(([, words]) => words.test(stem))?.[0] ?? null;
}
