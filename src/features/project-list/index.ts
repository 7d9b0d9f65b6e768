export {
  COLUMN_SETTINGS_LIST,
  ProjectList,
  type ProjectListProps,
  SEARCH_DEBOUNCE_MS,
} from './project-list.tsx';
export { createProjectListStore, PROJECT_LIST_ADDRESS, type ProjectListStore } from './project-list-store.ts';
export { openProject, PROJECT_LIST_PATH, projectPath } from './open-project.ts';
