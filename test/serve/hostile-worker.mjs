// A test-only batch worker: the real one (compiled into .build/), plus requests whose id asks it to misbehave.
// Only tests load this file (serve's `workerFile`); no request reaches these hooks through the shipped worker.
import work from '../../.build/batch/worker.js';

export default function hostile(request) {
  const task = request.task;
  if (task.kind === 'request') {
    const line = Buffer.from(task.line).toString('utf8');
    const started = () => work({ task: { kind: 'ping' }, slot: request.slot }); // start the page clock as the real worker does
    if (line.includes('"test-hang')) { started(); for (;;); }
    if (line.includes('"test-oom')) {
      started();
      const keep = [];
      for (;;) keep.push(new Array(1 << 16).fill(keep.length + 0.5));
    }
    const slow = /"test-slow-(\d+)/.exec(line);
    if (slow) { const until = Date.now() + Number(slow[1]); while (Date.now() < until); }
  }
  return work(request);
}
