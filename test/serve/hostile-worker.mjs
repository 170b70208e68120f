// A test-only batch worker: the real one (compiled into .build/, or FARSW_HOSTILE_BASE: the Python client's tests use
// dist/), plus requests whose line holds test-hang, test-oom or test-slow-MS. Only tests load this file (serve's
// `workerFile`, FARSW_BATCH_WORKER); no request reaches these hooks through the shipped worker.
const base = process.env.FARSW_HOSTILE_BASE ?? new URL('../../.build/batch/worker.js', import.meta.url).href;
const { default: work, startPageClock } = await import(base);

export default function hostile(request) {
  const task = request.task;
  if (task.kind === 'request') {
    const line = Buffer.from(task.line).toString('utf8');
    const started = () => { if (request.slot !== undefined) startPageClock(request.slot); }; // start the page clock as the real worker does
    if (line.includes('test-hang')) { started(); for (;;); }
    if (line.includes('test-oom')) {
      started();
      const keep = [];
      for (;;) keep.push(new Array(1 << 16).fill(keep.length + 0.5));
    }
    const slow = /test-slow-(\d+)/.exec(line);
    if (slow) { const until = Date.now() + Number(slow[1]); while (Date.now() < until); }
  }
  return work(request);
}
