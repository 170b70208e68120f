/**
 * `farsw serve --stdio`'s protocol (src/batch/serve.ts): answers in request order, bad requests answered with an error
 * naming the field, a page over the time limit or the thread's heap answered with an error while the worker goes on,
 * the end of the input, and backpressure. Threads run the compiled worker (.build/), wrapped by hostile-worker.mjs
 * where a test needs a page that hangs, fills the heap or is slow.
 */
import { describe, it, expect } from 'vitest';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { serve, type ServeConfig } from '../../src/batch/serve.js';
import { runBatch } from '../../src/batch/run.js';
import { streamSink } from '../../src/batch/output.js';
import { compiledWorker, page, pageLines, ROOT, tempDir, writeLines, type LooseRecord } from '../batch/helpers.js';

const HOSTILE = join(ROOT, 'test/serve/hostile-worker.mjs');
const FLAGS = { algorithm: 'addanag' } as const;

type Answer = LooseRecord & { markdown?: string; metadata?: { title?: string | null } };

/** Serve `lines` (one request each), collecting the answers. */
async function serveLines(lines: readonly string[], config: Partial<ServeConfig> = {}): Promise<Answer[]> {
  const out: string[] = [];
  await serve({ input: Readable.from([Buffer.from(lines.map((l) => l + '\n').join(''))]), write: (s) => { out.push(s); }, flags: FLAGS, workerFile: compiledWorker(), ...config });
  return out.map((s) => JSON.parse(s) as Answer);
}

const request = (id: string | number, n: number, extra: object = {}): string => JSON.stringify({ id, html: page(n), ...extra });

describe('farsw serve: answers', () => {
  it('answers every request in request order, a slow page holding back the faster ones after it', async () => {
    const lines = Array.from({ length: 12 }, (_, n) => request(n % 4 === 0 ? `test-slow-150-${n}` : `p${n}`, n));
    const answers = await serveLines(lines, { workers: 2, workerFile: HOSTILE });
    expect(answers.map((a) => a.id)).toEqual(lines.map((l) => (JSON.parse(l) as { id: string }).id));
    answers.forEach((a, n) => expect(a.text).toContain(`Article ${n} tells`));
  });

  it('answers a request before the next one comes (a caller waiting for each answer)', async () => {
    let answered = 0;
    const wake: (() => void)[] = [];
    // Request n is sent only once answer n − 1 was written: the server must not wait for more input to answer.
    const input = (async function* () {
      for (let n = 0; n < 5; n++) {
        while (answered < n) await new Promise<void>((r) => wake.push(r));
        yield Buffer.from(request(`p${n}`, n) + '\n');
      }
    })();
    const out: string[] = [];
    await serve({ input, write: (s) => { out.push(s); answered++; wake.splice(0).forEach((w) => w()); }, flags: FLAGS, workerFile: compiledWorker() });
    expect(out.map((l) => (JSON.parse(l) as Answer).id)).toEqual(['p0', 'p1', 'p2', 'p3', 'p4']);
  });

  it('gives the records apply --input gives for the same pages', async () => {
    const dir = tempDir('serve-same');
    const file = writeLines(join(dir, 'pages.jsonl'), pageLines(5));
    const batch: string[] = [];
    await runBatch({ inputs: [file], sink: streamSink((s) => { batch.push(s); }), workers: 1, workerFile: compiledWorker(), extract: { algorithm: 'addanag', dana: {}, lines: {}, farsw: { dana: {} } } });
    const served = await serveLines(pageLines(5));
    const strip = (r: LooseRecord) => ({ ...r, ms: 0 });
    expect(served.map(strip)).toEqual(batch.map((s) => strip(JSON.parse(s) as LooseRecord)));
  });

  it('reads html_b64 as bytes (their charset decoded), url and per-request options over the start flags', async () => {
    const latin1 = Buffer.from('<html><head><meta charset="iso-8859-1"><title>Caf\xe9</title></head><body><p>Le caf\xe9 du port ouvre \xe0 six heures, et les p\xeacheurs y boivent leur premier caf\xe9 avant de partir en mer.</p></body></html>', 'latin1');
    const [bytes, md, plain] = await serveLines([
      JSON.stringify({ id: 'b', html_b64: latin1.toString('base64') }),
      request('m', 1, { url: 'https://example.org/a', options: { format: 'markdown', with_metadata: true } }),
      request('t', 1),
    ]);
    expect(bytes!.text).toContain('Le café du port ouvre à six heures');
    expect(md!.markdown).toContain('Article 1 tells');
    expect(md!.metadata?.title).toBe('t1');
    expect(plain!.markdown).toBeUndefined(); // the options were that request's only
  });
});

describe('farsw serve: bad requests', () => {
  it('answers a bad line with an error naming the field, and goes on', async () => {
    const answers = await serveLines([
      '{"id": "broken", "html": ',
      '[1, 2]',
      JSON.stringify({ html: page(1) }),
      JSON.stringify({ id: { a: 1 }, html: page(1) }),
      JSON.stringify({ id: 'nohtml' }),
      JSON.stringify({ id: 'both', html: page(1), html_b64: 'eA==' }),
      JSON.stringify({ id: 'numhtml', html: 5 }),
      JSON.stringify({ id: 'b64', html_b64: 'not base64!' }),
      JSON.stringify({ id: 'url', html: page(1), url: 3 }),
      request('phi', 1, { options: { phi: 0 } }),
      request('unknown', 1, { options: { colour: 'red' } }),
      request('format', 1, { options: { format: 'json' } }),
      request('both-chooser', 1, { options: { algorithm: 'dana', model: 'default' } }),
      request('opts', 1, { options: [1] }),
      request('model', 1, { options: { model: 'no-such-model' } }),
      request('ptype', 1, { options: { page_type: 'blog' } }),
      request('good', 7),
    ]);
    const errors = answers.map((a) => a.error);
    expect(errors.slice(0, 16)).toEqual([
      expect.stringMatching(/^line 1: invalid JSON/),
      'line 2: expected a JSON object, found an array',
      'line 3: field "id" is missing',
      'line 4: field "id" must be a string or number, found object',
      'line 5: field "html" (or "html_b64") is missing',
      'line 6: give "html" or "html_b64", not both',
      'line 7: field "html" must be a string, found number',
      'line 8: field "html_b64" must be a base64 string, found other characters',
      'line 9: field "url" must be a string or null, found number',
      'line 10: options.phi: expected an integer ≥ 1, found 0',
      expect.stringMatching(/^line 11: options\.colour: unknown option \(expected one of model, algorithm, /),
      'line 12: options.format: expected one of text, markdown, html, found "json"',
      'line 13: options: give either "algorithm" or "model", not both',
      'line 14: field "options" must be an object, found an array',
      expect.stringMatching(/^line 15: model "no-such-model" not found/),
      'line 16: options.page_type: expected one of auto, article, documentation, service, forum, collection, listing, product, found "blog"',
    ]);
    expect(answers.map((a) => a.id)).toEqual([undefined, undefined, undefined, undefined, 'nohtml', 'both', 'numhtml', 'b64', 'url', 'phi', 'unknown', 'format', 'both-chooser', 'opts', 'model', 'ptype', 'good']);
    expect(answers[16]!.text).toContain('Article 7 tells');
  });

  it('answers a line over --max-bytes with an error without reading it, then goes on', async () => {
    const answers = await serveLines([request('big', 1), request('small', 2, { html: '<p>Short page of text.</p>' })], { maxBytes: 200 });
    expect(answers[0]!.error).toMatch(/^line 1: request of \d+ bytes exceeds --max-bytes 200$/);
    expect(answers[1]!.text).toBe('Short page of text.');
  });

  it('skips blank lines: they are no requests', async () => {
    const answers = await serveLines(['', request('a', 1), '   ', request('b', 2)]);
    expect(answers.map((a) => a.id)).toEqual(['a', 'b']);
  });
});

describe('farsw serve: bounds', () => {
  it('answers a page over --page-timeout with an error, replaces its thread and goes on', async () => {
    const answers = await serveLines([request('p0', 0), request('test-hang', 1), request('p2', 2), request('p3', 3)], { pageTimeoutMs: 400, workerFile: HOSTILE });
    expect(answers.map((a) => a.id)).toEqual(['p0', 'test-hang', 'p2', 'p3']);
    expect(answers[1]!.error).toBe('line 2: timed out after 400 ms (worker replaced)');
    expect(answers[2]!.text).toContain('Article 2 tells');
    expect(answers[3]!.text).toContain('Article 3 tells');
  });

  it('answers a page that fills its thread\'s heap (the thread dies mid-request) with an error and goes on', async () => {
    const answers = await serveLines([request('p0', 0), request('test-oom', 1), request('p2', 2)], { heapMb: 32, workerFile: HOSTILE });
    expect(answers.map((a) => a.id)).toEqual(['p0', 'test-oom', 'p2']);
    expect(answers[1]!.error).toMatch(/^line 2: worker failed \(.*memory/i);
    expect(answers[2]!.text).toContain('Article 2 tells');
  });

  it('reads no more than --max-pending requests ahead of its answers', async () => {
    const maxPending = 3;
    let pulled = 0, written = 0, most = 0;
    // One request per chunk, counted as the server pulls it.
    const input = (async function* () {
      for (let n = 0; n < 14; n++) {
        pulled++;
        most = Math.max(most, pulled - written);
        yield Buffer.from(request(`test-slow-30-${n}`, n) + '\n');
      }
    })();
    const out: string[] = [];
    await serve({ input, write: (s) => { written++; out.push(s); }, flags: FLAGS, workers: 2, maxPending, workerFile: HOSTILE });
    expect(out).toHaveLength(14);
    // The chunk being pulled holds the next request: at most maxPending read and unanswered, plus that one.
    expect(most).toBeLessThanOrEqual(maxPending + 1);
    expect(most).toBeGreaterThanOrEqual(maxPending); // the bound is reached: the test measures something
  });

  it('stops reading while the caller does not read the answers', async () => {
    let pulled = 0;
    const input = (async function* () {
      for (let n = 0; n < 40; n++) { pulled++; yield Buffer.from(request(`p${n}`, n) + '\n'); }
    })();
    let release: () => void = () => {};
    const blocked = new Promise<void>((r) => { release = r; });
    let writes = 0;
    const done = serve({ input, write: async () => { writes++; if (writes === 1) await blocked; }, flags: FLAGS, workers: 1, maxPending: 4, workerFile: compiledWorker() });
    await new Promise((r) => setTimeout(r, 1500));
    expect(pulled).toBeLessThanOrEqual(4 + 2); // the answer being written, maxPending, the chunk in hand
    release();
    await done;
    expect(pulled).toBe(40);
    expect(writes).toBe(40);
  });
});

describe('farsw serve --stdio (a process)', () => {
  it('answers in order, finishes the pending requests at the end of the input and exits 0; logs only on stderr', async () => {
    // The compiled CLI of the current sources (.build/), as bin/farsw.js runs dist/.
    compiledWorker();
    const child = spawn(process.execPath, ['--input-type=module', '-e', `import { run } from ${JSON.stringify(join(ROOT, '.build/cli/main.js'))}; process.exitCode = await run(process.argv.slice(1));`,
      'serve', '--stdio', '--algorithm', 'addanag', '--workers', '2'], { stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '', stderr = '';
    child.stdout.on('data', (d: Buffer) => { stdout += d.toString(); });
    child.stderr.on('data', (d: Buffer) => { stderr += d.toString(); });
    const closed = new Promise<number | null>((done) => child.on('close', done));
    try {
      child.stdin.write(pageLines(20).join('\n') + '\n' + 'oops\n');
      child.stdin.end(request('last', 99));
      const code = await closed;
      const answers = stdout.trim().split('\n').map((l) => JSON.parse(l) as Answer);
      expect(code).toBe(0);
      expect(answers.map((a) => a.id)).toEqual([...Array.from({ length: 20 }, (_, n) => `p${n}`), undefined, 'last']);
      expect(answers[20]!.error).toMatch(/^line 21: invalid JSON/);
      expect(answers[21]!.text).toContain('Article 99 tells');
      expect(stderr).toMatch(/^farsw serve: reading requests/);
      expect(stderr).toMatch(/farsw serve: 22 requests, 1 failed/);
    } finally {
      child.kill();
    }
  });

  it('refuses to start without --stdio, and with a model it cannot find', async () => {
    const { run } = await import('../../src/cli/main.js');
    const { capture } = await import('../cli/capture.js');
    const io = capture(Readable.from([]));
    expect(await run(['serve'], io)).toBe(2);
    expect(io.err).toMatch(/give --stdio/);
    const io2 = capture(Readable.from([]));
    expect(await run(['serve', '--stdio', '--model', 'no-such-model', '--store', join(tempDir('serve-store'), 'none.sqlite')], io2)).toBe(1);
    expect(io2.err).toMatch(/no-such-model/);
  });
});
