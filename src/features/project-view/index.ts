export { ProjectView, type ProjectViewProps } from './project-view.tsx';
export { projectOrdersPath } from './project-orders.tsx';
