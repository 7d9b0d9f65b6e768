// A step of `npm test` (scripts/test.mjs) that runs beside the steps after it, at a lower priority
// (nice 10): its output goes to a log file, printed in one piece once it ends, so it does not
// interleave with the steps in front.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Starts `cmd args`; `stop()` ends it early, `done` resolves with its result and output when it ends. */
export function startBeside(name, cmd, args) {
  const started = performance.now();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `lp-test-${name}-`));
  const log = path.join(dir, 'output.log');
  const out = fs.openSync(log, 'w');
  const child = spawn(cmd, args, { stdio: ['ignore', out, out], env: { ...process.env, FORCE_COLOR: '0' } });
  fs.closeSync(out);
  // Lower priority (inherited by its processes): the steps in front keep the CPU they need, whose
  // tests have timeouts, and the step beside them takes what they leave idle.
  os.setPriority(child.pid, 10);
  console.log(`\n▶ ${name}: ${cmd} ${args.join(' ')} (beside the next steps; follow it: tail -f ${log})`);
  let stopped = false;
  const done = new Promise((resolve) => {
    child.on('close', (code) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      const output = fs.readFileSync(log, 'utf8').trimEnd();
      fs.rmSync(dir, { recursive: true, force: true });
      resolve({
        name,
        ok: code === 0 && !stopped,
        seconds,
        output: stopped ? `${output}\n(stopped: a step failed)` : output,
      });
    });
  });
  return {
    done,
    stop() {
      stopped = true;
      child.kill('SIGTERM');
    },
  };
}
