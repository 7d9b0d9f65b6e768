import { navigate } from '../../stores/navigation.ts';
import { addView } from '../../stores/tabs.ts';

/** Where the project list lives in the portal. */
export const PROJECT_LIST_PATH = '/customer-project/index';
export const projectPath = (id: number): string => `/customer-project/view/${id}`;

/**
 * Opens a project in its own tab, titled with its protocol number: the tab is added before the
 * portal navigates, so the tab strip keeps this title (several projects, several tabs).
 */
export function openProject(project: { pr_id: number; protocol_no: string }): void {
  const path = projectPath(project.pr_id);
  addView({
    path,
    name: path,
    title: project.protocol_no,
    meta: { title: project.protocol_no, activeMenu: PROJECT_LIST_PATH },
  });
  navigate(path);
}
