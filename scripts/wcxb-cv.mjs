/**
 * The routing constants of page-type strategies chosen by cross-validation (bench-wcxb.mjs `--cv`), pure functions over
 * per-page scores: each page's word F1 under every strategy variant (a strategy forced on every page) and the page
 * type a classifier learnt without the page's fold predicts for it, with its confidence.
 *
 * A route sends the pages predicted as type t with confidence ≥ θ to variant v; the pages' total F1 splits by predicted
 * type, so each type's (v, θ) is chosen on its own: the one adding most F1 over the unrouted model path (none when no
 * variant adds any; ties go to the higher θ, which routes fewer pages).
 */

/** The confidence thresholds tried per type. */
export const THRESHOLDS = [0, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9];

/**
 * @param pages indexes of the pages to choose on
 * @param pred {type: Int32Array, conf: Float64Array} per page (index into `types`)
 * @param f1 per page, an object variant key → F1 (`none`: the unrouted model path)
 * @param variants [{key, types}] (the page types each serves)
 * @param types page-type names
 * @param floors per type name, the lowest threshold tried (`npm run bench:routes -- --floors`: where the other shared datasets stay within its bound)
 * @param anyStrategy offer every type every variant, not only those of the strategies made for it (a route may name any strategy;
 *   `article` is never routed): held out it lost, all 0.857 → 0.856 (docs/decisions.md, "Routing coverage")
 * @param below per type name, what its pages below the route's threshold may take (`below` routes): another type's route as
 *   chosen here (`{"collection": "service"}`, as shipped), or a strategy's variant adding most F1 over the unrouted model path
 *   on those pages; taken when it adds any
 * @returns per type name: {variant, threshold, gain, pages, below?: {variant, gain, pages}} for the chosen route, absent for none
 */
export function chooseRoutes(pages, pred, f1, variants, types, floors = {}, anyStrategy = false, below = {}) {
  const routes = {};
  types.forEach((t, ti) => {
    let best = null;
    const offered = anyStrategy ? (t === 'article' ? [] : variants.filter((x) => x.key !== 'none')) : variants.filter((x) => x.types.includes(t));
    // A type named below: its route chosen here (types come in order; service before collection), else a strategy's variants.
    const under = !below[t] ? [] : routes[below[t]] ? variants.filter((x) => x.key === routes[below[t]].variant) : variants.filter((x) => x.strategy === below[t]);
    const mine = pages.filter((i) => pred.type[i] === ti);
    for (const v of offered) {
      for (const theta of THRESHOLDS.filter((x) => x >= (floors[t] ?? 0))) {
        let gain = 0, n = 0;
        for (const i of mine) if (pred.conf[i] >= theta) { gain += f1[i][v.key] - f1[i].none; n++; }
        if (gain > 1e-9 && (!best || gain > best.gain + 1e-9 || (Math.abs(gain - best.gain) <= 1e-9 && theta > best.threshold))) best = { variant: v.key, threshold: theta, gain, pages: n };
      }
    }
    if (!best) return;
    // The pages under the chosen threshold take the `below` variant adding most over none. The threshold is chosen first,
    // on its own gain: chosen together, the folds raised collection's and listing's and lost held out.
    let low = null;
    for (const v of under) {
      let gain = 0, n = 0;
      for (const i of mine) if (pred.conf[i] < best.threshold) { gain += f1[i][v.key] - f1[i].none; n++; }
      if (gain > 1e-9 && (!low || gain > low.gain + 1e-9)) low = { variant: v.key, gain, pages: n };
    }
    routes[t] = low ? { ...best, below: low } : best;
  });
  return routes;
}

/** A page's F1 under `routes` (chooseRoutes) and a prediction, and the variant that ran. */
export function routed(i, pred, f1, routes, types) {
  const r = routes[types[pred.type[i]]];
  const v = !r ? undefined : pred.conf[i] >= r.threshold ? r.variant : r.below?.variant;
  return v ? { f1: f1[i][v], variant: v } : { f1: f1[i].none, variant: 'none' };
}
