import { call } from '../../api/transport.ts';
import { stabilityList, stabilitySave } from '../../contract/excursions/operations.ts';
import type { StabilityList, StabilitySaveRequest } from '../../contract/excursions/schemas.ts';

/** `GET customer-project/stability`: the project's products and their budgets (the section shows a failure itself). */
export const loadStability = (prId: number): Promise<StabilityList> =>
  call(stabilityList, { pr_id: prId }, { quiet: true });

/**
 * `POST customer-project/stability-save`: a product's budget (403 unless an administrator or an
 * approver of the customer; 422 with field messages); the answer is the list as it now is.
 */
export const saveStability = (request: StabilitySaveRequest): Promise<StabilityList> =>
  call(stabilitySave, request, { quiet: true });
