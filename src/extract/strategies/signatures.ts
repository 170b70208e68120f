/**
 * Stages `signatures` and `consent` of the forum strategy. `signatures`: a member's signature (a quip, their gear, links) is printed under each of their
 * posts, and WCXB's gold leaves it out. Forum software marks it in class or id names (`signature`, `sig`, vBulletin's
 * one-word `signaturecontainer`; the line builder splits `postSignature` in two). A final line whose nearest block
 * elements' class/id words (`LineTable.classTokens`) include one of them is dropped.
 * `consent` (`dropConsent`): a cookie-consent dialog the page shows over the thread (OneTrust's `onetrust-consent-sdk`:
 * its banner and preference centre, hidden by style sheets the line builder does not read) is left out the same way.
 */
import type { LineTable } from '../../core/types.js';
import { lineKey } from '../../html/line-key.js';
import { need, type Stage } from '../stages/types.js';

/** Class/id words of a signature block. */
const SIGNATURE_WORDS: ReadonlySet<number> = new Set(['signature', 'sig', 'signaturecontainer'].map(lineKey));

/** Class/id words of a cookie-consent dialog (a consent platform's name). */
const CONSENT_WORDS: ReadonlySet<number> = new Set(['onetrust'].map(lineKey));

/**
 * The chosen lines less those in a signature block; undefined when none is, or the table has no class/id words.
 * @param chosen 1 per chosen line; not changed
 */
export function dropSignatureLines(table: LineTable, chosen: Uint8Array): Uint8Array | undefined {
  return dropClassLines(table, chosen, SIGNATURE_WORDS);
}

/**
 * The chosen lines less those in a cookie-consent dialog; undefined when none is, or the table has no class/id words.
 * @param chosen 1 per chosen line; not changed
 */
export function dropConsentLines(table: LineTable, chosen: Uint8Array): Uint8Array | undefined {
  return dropClassLines(table, chosen, CONSENT_WORDS);
}

/** The chosen lines less those whose nearest block elements' class/id words include one of `words`; undefined when none is. */
function dropClassLines(table: LineTable, chosen: Uint8Array, words: ReadonlySet<number>): Uint8Array | undefined {
  const ct = table.classTokens;
  if (!ct) return undefined;
  let out: Uint8Array | undefined;
  for (let i = 0; i < table.count; i++) {
    if (!chosen[i]) continue;
    for (let k = ct.start[i]!; k < ct.start[i + 1]!; k++) {
      if (words.has(ct.keys[k]!)) { (out ??= chosen.slice())[i] = 0; break; }
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

/** Stage `consent`: lines in a cookie-consent dialog go (`dropConsent`). */
export const consentStage: Stage = {
  id: 'consent', purpose: 'forum threads: a cookie-consent dialog shown over the thread goes (dropConsent)',
  kept: '',
  dropped: 'in a cookie-consent dialog (class/id word onetrust)',
  run({ table, options }, state) {
    if (!options.dropConsent) return {};
    const out = dropConsentLines(table, need(state, 'chosen', 'consent'));
    return out ? { chosen: out } : {};
  },
};
