/**
 * Settings as layers: shipped defaults, then the layers that refine them (a site model's, a preset's, a favor's, the
 * options given), merged in order by one function. The model path (extract/settings.ts) and training
 * (train/train.ts resolveTrainParams) resolve their settings with it.
 */

/**
 * Merge `layers` in order: a later layer wins, key by key; a key left undefined in a layer is not given by it. Each key of
 * `nested` (e.g. `dana`) is an object merged the same way one level down, and always present (after the other keys).
 * @returns a frozen object (its nested objects frozen too)
 */
export function mergeLayers(layers: readonly object[], nested: readonly string[] = []): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const inner = nested.map(() => ({}) as Record<string, unknown>);
  for (const layer of layers) {
    for (const [k, v] of Object.entries(layer)) {
      if (v === undefined) continue;
      const n = nested.indexOf(k);
      if (n < 0) out[k] = v;
      else for (const [dk, dv] of Object.entries(v as object)) { if (dv !== undefined) inner[n]![dk] = dv; }
    }
  }
  nested.forEach((k, n) => { out[k] = Object.freeze(inner[n]!); });
  return Object.freeze(out);
}
