export { ExcursionCase, type ExcursionCaseProps } from './excursion-case.tsx';
