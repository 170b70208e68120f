/**
 * `farsw apply --adapt`, the main thread's half: the first pass over the input (issue 18.4).
 *
 *   readItems ─▶ host of each page (host.ts) ─▶ HostSampler (a seeded reservoir of pages per host)
 *             ─▶ one `adapt` task per host with ≥ minPages pages (worker: adapt-model.ts) ─▶ AdaptTable
 *
 * The second pass is the usual run (run.ts) with the table in every worker. Memory is bounded per host:
 * a host keeps at most `maxPages` pages and `hostBytes` bytes of them (raw records, as read), whatever
 * its size in the crawl; and all hosts together at most `memoryBytes`: past it, the hosts with the fewest
 * pages so far give up their sample (they keep counting, and sample again from their next page on).
 */
import { InputError } from '../core/errors.js';
import { fnv1a32 } from '../core/fnv.js';
import { mulberry32 } from '../core/random.js';
import type { AdaptEntry, AdaptTable } from './adapt-model.js';
import { hostOfTask } from './host.js';
import type { PageExecutor } from './pool.js';
import type { BatchItem } from './sources.js';
import type { SampledPage } from './task.js';
import type { AbortSignalLike } from '../core/portable.js';

/** Options of `--adapt`. */
export interface AdaptOptions {
  /** Hosts with at least this many pages get a model (`--adapt-min-pages`). */
  readonly minPages: number;
  /** Pages sampled per host (`--adapt-max-pages`). */
  readonly maxPages?: number;
  /** Bytes sampled per host. */
  readonly hostBytes?: number;
  /** Bytes sampled over all hosts (`--adapt-memory`, MB on the command line). */
  readonly memoryBytes?: number;
  /** Use the learned model even where it lost the guard (`--use-site-model`). */
  readonly useSiteModel?: boolean;
}

/** Defaults of {@link AdaptOptions}. */
export const ADAPT_DEFAULTS = Object.freeze({ minPages: 10, maxPages: 50, hostBytes: 64 * 1024 * 1024, memoryBytes: 1024 * 1024 * 1024 });

/** What the first pass did: for the summary line, BENCHMARKS.md and tests. */
export interface AdaptReport {
  /** Hosts seen, and pages without a host. */
  readonly hosts: number;
  readonly noHost: number;
  /** Hosts with ≥ minPages pages; of them, those whose pages use the learned model. */
  readonly eligible: number;
  readonly adapted: number;
  /** Hosts whose sample was dropped at least once for `memoryBytes`. */
  readonly evicted: number;
  /** Most bytes of pages held at once. */
  readonly peakBytes: number;
  /** Seconds reading (first pass) and training (all hosts, wall clock). */
  readonly readSeconds: number;
  readonly trainSeconds: number;
  /** Per host with ≥ minPages pages: pages in the crawl, pages sampled, bytes sampled, and the decision. */
  readonly perHost: readonly { readonly host: string; readonly pages: number; readonly sampled: number; readonly bytes: number; readonly entry: AdaptEntry }[];
}

interface HostSample {
  /** Pages of the host seen so far. */
  count: number;
  /** Pages seen since the sample was last dropped (the reservoir's count). */
  since: number;
  pages: SampledPage[];
  sizes: number[];
  bytes: number;
  evicted: boolean;
  random: () => number;
}

/** Seeded reservoir samples of pages per host, within a byte budget per host and overall (module comment). */
export class HostSampler {
  readonly hosts = new Map<string, HostSample>();
  private held = 0;
  peak = 0;
  private readonly maxPages: number;
  private readonly hostBytes: number;
  private readonly memoryBytes: number;

  constructor(options: Omit<AdaptOptions, 'minPages' | 'useSiteModel'> = {}) {
    this.maxPages = Math.max(2, options.maxPages ?? ADAPT_DEFAULTS.maxPages);
    this.hostBytes = options.hostBytes ?? ADAPT_DEFAULTS.hostBytes;
    this.memoryBytes = options.memoryBytes ?? ADAPT_DEFAULTS.memoryBytes;
  }

  /** Count a page of `host` and maybe keep it (Algorithm R, seeded by the host: the same input gives the same sample). */
  add(host: string, page: SampledPage, size: number): void {
    let h = this.hosts.get(host);
    if (!h) this.hosts.set(host, (h = { count: 0, since: 0, pages: [], sizes: [], bytes: 0, evicted: false, random: mulberry32(fnv1a32(host)) }));
    h.count++;
    h.since++;
    let slot = h.pages.length;
    if (slot >= this.maxPages) {
      slot = Math.floor(h.random() * h.since);
      if (slot >= this.maxPages) return;
    }
    const old = h.sizes[slot] ?? 0;
    if (h.bytes - old + size > this.hostBytes) return; // over the host's budget: the page is counted, not kept
    h.pages[slot] = page;
    h.sizes[slot] = size;
    h.bytes += size - old;
    this.held += size - old;
    this.peak = Math.max(this.peak, this.held);
    if (this.held > this.memoryBytes) this.evict();
  }

  /** Over the overall budget: the hosts with the fewest pages so far drop their samples until 3/4 of it is held. */
  private evict(): void {
    const order = [...this.hosts].filter(([, h]) => h.bytes > 0).sort((a, b) => a[1].count - b[1].count || (a[0] < b[0] ? -1 : 1));
    for (const [, h] of order) {
      if (this.held <= 0.75 * this.memoryBytes) break;
      this.held -= h.bytes;
      h.pages = [];
      h.sizes = [];
      h.bytes = 0;
      h.since = 0;
      h.evicted = true;
    }
  }
}

/**
 * The first pass: sample pages per host from `items`, then learn each eligible host's model on `executor`
 * (hosts in parallel as it allows). Stops early, returning undefined, when `signal` aborts.
 */
export async function learnAdaptTable(items: AsyncIterable<BatchItem>, executor: PageExecutor, options: AdaptOptions, signal?: AbortSignalLike): Promise<{ table: AdaptTable; report: AdaptReport } | undefined> {
  const t0 = performance.now();
  const sampler = new HostSampler(options);
  let noHost = 0;
  for await (const item of items) {
    if (signal?.aborted) return undefined;
    if (item.fetch !== undefined) throw new InputError(`--adapt reads its input twice and would fetch ${item.fetch} twice: fetch a URL list into a WARC or JSON Lines file first, or leave out --adapt`);
    if (item.task === undefined) continue; // an error found while reading: no page to learn from
    const host = hostOfTask(item.task);
    if (host === null) { noHost++; continue; }
    sampler.add(host, item.task, item.task.kind === 'json' ? item.task.line.length : item.task.page.length);
  }
  const t1 = performance.now();
  const eligible = [...sampler.hosts].filter(([, h]) => h.count >= options.minPages).sort((a, b) => (a[0] < b[0] ? -1 : 1));
  const perHost = await Promise.all(eligible.map(async ([host, h]) => {
    const result = signal?.aborted ? undefined : await executor.run({ kind: 'adapt', host, pages: h.pages, where: `adapt:${host}`, ...(options.useSiteModel ? { useSiteModel: true } : {}) });
    const sample = { host, pages: h.count, sampled: h.pages.length, bytes: h.bytes };
    h.pages = []; // the sample is no longer needed
    if (result === undefined) return { ...sample, entry: { reason: 'interrupted', pages: 0, ms: 0 } };
    const entry: AdaptEntry = result.error !== undefined
      ? { reason: `adapt:${host} not learned (${result.error})`, pages: sample.sampled, ms: 0 }
      : result.adapted ?? { reason: `adapt:${host} not learned`, pages: sample.sampled, ms: 0 };
    return { ...sample, entry };
  }));
  if (signal?.aborted) return undefined;
  const table: AdaptTable = { minPages: options.minPages, hosts: new Map(perHost.map((p) => [p.host, p.entry])) };
  const report: AdaptReport = {
    hosts: sampler.hosts.size, noHost, eligible: eligible.length, adapted: perHost.filter((p) => p.entry.model !== undefined).length,
    evicted: [...sampler.hosts.values()].filter((h) => h.evicted).length, peakBytes: sampler.peak,
    readSeconds: (t1 - t0) / 1000, trainSeconds: (performance.now() - t1) / 1000, perHost,
  };
  return { table, report };
}
