import type { AnswerReport } from '../../server/testing/e2e-answers.ts';

/**
 * The run's last step (playwright.config.ts `globalTeardown`, before the servers stop): every
 * API answer the tests met was checked against `/api/openapi.json` by the test server
 * (server/testing/e2e-answers.ts); one outside the document fails the run, named here.
 */
export default async function answersOutsideTheDocument(): Promise<void> {
  const res = await fetch(`http://127.0.0.1:${process.env.LP_E2E_PORT}/__e2e/answers`, {
    headers: { 'x-e2e-secret': process.env.LP_E2E_SECRET ?? '' },
  });
  if (!res.ok) throw new Error(`the test server's answer report: HTTP ${res.status}`);
  const report = (await res.json()) as AnswerReport;
  console.log(
    `API answers checked against the OpenAPI document: ${report.checked} over ${report.operations} operations, ${report.problems.length} outside it`,
  );
  if (report.problems.length)
    throw new Error(`answers outside /api/openapi.json:\n  ${report.problems.join('\n  ')}`);
}
