/**
 * Deterministic shares of a batch for job arrays (`--shard i/n`): machine i of
 * n takes its share with no coordinator, and the n shares are disjoint and
 * cover the input.
 *
 * - Several input files: file j of the sorted list goes to shard j mod n
 *   (every machine must be given the same inputs).
 * - One input (file or stdin): record r goes to shard fnv1a32(key_r) mod n,
 *   where the key is the WARC-Record-ID for WARC records and the 1-based line
 *   number for JSON Lines records (reading the id would mean parsing the
 *   record on the main thread).
 * - `--shard-by host`: every input is read by every share, and record r goes to
 *   shard fnv1a32(host_r) mod n (host.ts; a JSON Lines record is parsed on the
 *   main thread for it), so a site's pages stay in one share (`--adapt` in job
 *   arrays). A record without a host falls back to its file and line (or WARC-Record-ID).
 */
import { ConfigError } from '../core/errors.js';
import { fnv1a32 } from '../core/fnv.js';

/** How records are spread over shares: `auto` as above, `host` by a hash of the record's host. */
export type ShardBy = 'auto' | 'host';

export const SHARD_BY: readonly ShardBy[] = ['auto', 'host'];

/** Shard `index` of `count` (0 ≤ index < count). */
export interface Shard {
  readonly index: number;
  readonly count: number;
}

const SHARD_SPEC = /^(\d+)\/(\d+)$/;

/** Parse `i/n` (0-based i, as Kubernetes, AWS Batch and `$SLURM_ARRAY_TASK_ID` from 0 give it). */
export function parseShard(spec: string): Shard {
  const m = SHARD_SPEC.exec(spec.trim());
  if (!m) throw new ConfigError(`--shard: expected i/n (e.g. 0/8), found "${spec}"`);
  const index = Number(m[1]), count = Number(m[2]);
  if (count < 1 || index >= count) throw new ConfigError(`--shard: need 0 ≤ i < n, found ${index}/${count}`);
  return { index, count };
}

export { fnv1a32 };

/** True when the record with this key belongs to `shard` (always true without a shard). */
export function recordInShard(key: string, shard: Shard | undefined): boolean {
  return shard === undefined || shard.count === 1 || fnv1a32(key) % shard.count === shard.index;
}

/** The files of `files` (already in a stable order) that belong to `shard`: index j mod n. */
export function filesInShard<T>(files: readonly T[], shard: Shard | undefined): T[] {
  if (shard === undefined) return [...files];
  return files.filter((_, j) => j % shard.count === shard.index);
}

/** `00003-of-00008`: the text that replaces `{shard}` in output names. */
export function shardLabel(shard: Shard): string {
  const w = Math.max(5, String(shard.count).length);
  return `${String(shard.index).padStart(w, '0')}-of-${String(shard.count).padStart(w, '0')}`;
}
