/**
 * htmlparser2's bare Tokenizer with no-op callbacks: the speed reference the benchmarks
 * quote. Plain JavaScript so both the vitest benchmarks (support.ts) and the plain-node
 * timer (time-extract.mjs) use this one definition.
 */
import { Tokenizer } from 'htmlparser2';

const NOOP = () => {};

/** @param {string} html */
export function bareTokenize(html) {
  const t = new Tokenizer({ decodeEntities: false }, {
    onattribdata: NOOP, onattribentity: NOOP, onattribend: NOOP, onattribname: NOOP, oncdata: NOOP,
    onclosetag: NOOP, oncomment: NOOP, ondeclaration: NOOP, onend: NOOP, onopentagend: NOOP,
    onopentagname: NOOP, onprocessinginstruction: NOOP, onselfclosingtag: NOOP, ontext: NOOP, ontextentity: NOOP,
  });
  t.write(html);
  t.end();
}
