/**
 * Stage `signatures` of the forum strategy: a member's signature (a quip, their gear, links) is printed under each of their
 * posts, and WCXB's gold leaves it out. Forum software marks it in class or id names (`signature`, `sig`, vBulletin's
 * one-word `signaturecontainer`; the line builder splits `postSignature` in two). A final line whose nearest block
 * elements' class/id words (`LineTable.classTokens`) include one of them is dropped.
 */
import type { LineTable } from '../../core/types.js';
import { lineKey } from '../../html/line-key.js';
import { need, type Stage } from '../stages/types.js';

/** Class/id words of a signature block. */
const SIGNATURE_WORDS: ReadonlySet<number> = new Set(['signature', 'sig', 'signaturecontainer'].map(lineKey));

/**
 * The chosen lines less those in a signature block; undefined when none is, or the table has no class/id words.
 * @param chosen 1 per chosen line; not changed
 */
export function dropSignatureLines(table: LineTable, chosen: Uint8Array): Uint8Array | undefined {
  const ct = table.classTokens;
  if (!ct) return undefined;
  let out: Uint8Array | undefined;
  for (let i = 0; i < table.count; i++) {
    if (!chosen[i]) continue;
    for (let k = ct.start[i]!; k < ct.start[i + 1]!; k++) {
      if (SIGNATURE_WORDS.has(ct.keys[k]!)) { (out ??= chosen.slice())[i] = 0; break; }
    }
  }
  return out;
}

/** Stage `signatures`: lines in a signature block go (`signatures`). */
export const signaturesStage: Stage = {
  id: 'signatures', purpose: "forum threads: a member's signature under their posts goes (signatures)",
  kept: '',
  dropped: "in a member's signature (class/id words signature, sig)",
  run({ table, options }, state) {
    if (!options.signatures) return {};
    const out = dropSignatureLines(table, need(state, 'chosen', 'signatures'));
    return out ? { chosen: out } : {};
  },
};
