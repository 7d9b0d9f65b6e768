import { readFile } from 'node:fs/promises';
import { packReportLine, verifyPack } from './verify-pack.ts';

/**
 * `npm run audit:verify -- --pack FILE`: an evidence pack checked offline, with no database
 * (verify-pack.ts). 0 with one line when it holds, 1 naming the first mismatch; 2 for a file that
 * is no JSON pack: the PDF is for people, and says so, and the JSON of the same order is the one
 * to verify.
 */
export async function checkPackFile(file: string): Promise<{ status: 0 | 1 | 2; line: string }> {
  const bytes = await readFile(file);
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-')
    return {
      status: 2,
      line: `${file} is the PDF of an evidence pack: it is for people to read. Verify the JSON pack of the same order (customer-order/evidence with format=json, the order view's "JSON"): npm run audit:verify -- --pack <pack.json>`,
    };
  let value: unknown;
  try {
    value = JSON.parse(bytes.toString('utf8'));
  } catch {
    return { status: 2, line: `${file} is not JSON: give the evidence pack's JSON (format=json)` };
  }
  const report = verifyPack(value);
  return { status: report.broken ? 1 : 0, line: packReportLine(report) };
}
