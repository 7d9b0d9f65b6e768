import { navigate } from '../../stores/navigation.ts';
import { addView } from '../../stores/tabs.ts';

/** Where the case list lives in the portal, and a case's page (`/excursion/view/{id}`). */
export const CASE_LIST_PATH = '/excursion/index';
export const casePath = (id: number): string => `/excursion/view/${id}`;

/**
 * Opens a case in its own tab, titled with its number (the tab is added before the portal
 * navigates, so the strip keeps the title: several cases, several tabs).
 */
export function openCase(row: { id: number; case_no: string }): void {
  const path = casePath(row.id);
  addView({ path, name: path, title: row.case_no, meta: { title: row.case_no, activeMenu: CASE_LIST_PATH } });
  navigate(path);
}
