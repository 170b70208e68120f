/**
 * Stages `signatures`, `consent` and `stats` of the forum strategy. `signatures`: a member's signature (a quip, their
 * gear, links) is printed under each of their posts, and WCXB's gold leaves it out. Forum software marks it in class or id names (`signature`, `sig`, vBulletin's
 * one-word `signaturecontainer`; the line builder splits `postSignature` in two). A final line whose nearest block
 * elements' class/id words (`LineTable.classTokens`) include one of them is dropped.
 * `stats` (`memberStats`): the member panel beside each post (a member title, "Posts: 1,234", "Joined", a location, "12
 * likes"), which the gold leaves out, is told by its short lines' text: a line of at most STAT_CHARS characters that is a
 * member title, a label of the panel (with its value, or alone with the number on the next chosen line), or a count of
 * posts, likes or replies goes.
 * `consent` (`dropConsent`; the repeated and sections strategies run it too): a cookie-consent dialog the page shows over
 * the thread or the list (OneTrust's `onetrust-consent-sdk`: its banner and preference centre, hidden by style sheets the
 * line builder does not read) is left out the same way.
 */
import type { LineTable } from '../../core/types.js';
import { lineKey } from '../../html/line-key.js';
import { chosenStage, type Stage } from '../stages/types.js';

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

/**
 * Per line, 1 for a line with text in a cookie-consent dialog (the repeated items' groups leave it out: a preference
 * centre's purposes are a list of siblings); undefined when the table has no class/id words.
 */
export function consentLines(table: LineTable): Uint8Array | undefined {
  const ct = table.classTokens;
  if (!ct) return undefined;
  const out = new Uint8Array(table.count);
  for (let i = 0; i < table.count; i++) if (table.contentChars[i]! > 0 && hasWord(ct, i, CONSENT_WORDS)) out[i] = 1;
  return out;
}

/** Whether line i's nearest block elements' class/id words include one of `words`. */
function hasWord(ct: NonNullable<LineTable['classTokens']>, i: number, words: ReadonlySet<number>): boolean {
  for (let k = ct.start[i]!; k < ct.start[i + 1]!; k++) if (words.has(ct.keys[k]!)) return true;
  return false;
}

/** The chosen lines less those whose nearest block elements' class/id words include one of `words`; undefined when none is. */
function dropClassLines(table: LineTable, chosen: Uint8Array, words: ReadonlySet<number>): Uint8Array | undefined {
  const ct = table.classTokens;
  if (!ct) return undefined;
  return dropWhere(chosen, (i) => hasWord(ct, i, words));
}

/**
 * `chosen` less the chosen lines `drop` says go (asked of each chosen line in order); undefined when none does.
 * @param chosen 1 per chosen line; not changed
 */
function dropWhere(chosen: Uint8Array, drop: (i: number) => boolean): Uint8Array | undefined {
  let out: Uint8Array | undefined;
  for (let i = 0; i < chosen.length; i++) if (chosen[i] && drop(i)) (out ??= chosen.slice())[i] = 0;
  return out;
}

/** Stage `signatures`: lines in a signature block go (`signatures`). */
export const signaturesStage: Stage = chosenStage({
  id: 'signatures', purpose: "forum threads: a member's signature under their posts goes (signatures)",
  kept: '',
  dropped: "in a member's signature (class/id words signature, sig)",
}, (o) => o.signatures, dropSignatureLines);

/** Characters of a member-panel line at most. */
const STAT_CHARS = 40;
/** A member panel's label, at the start of its line ("Posts: 1,234", "Join date: Mar 2019", "Location:"). */
const STAT_LABEL = /^(?:posts|messages|joined|join date|location|reaction score|points|likes|reputation|trophies|member since|founded|karma|solutions|thanks|credits)\b\s*:?/i;
/** A count of a member's activity ("9,239 posts", "12 likes", "1.2k reactions"). */
const STAT_COUNT = /^[\d,.]+[km]?\s+(?:posts?|likes?|replies|reply|helpful votes?|reviews?|points|messages|reactions?)$/i;
/** A member title or role. */
const STAT_TITLE = /^(?:(?:senior|new|established|premium|well-known|full|active|junior|valued|registered|veteran|respected)\s+)?members?$|^(?:moderator|administrator|admin|op|original poster|thread starter)$/i;

/** A panel label's value alone on its line ("1,234"). */
const BARE_NUMBER = /^[\d,.]+$/;
/** A digit: a label holding its value. */
const DIGIT = /\d/;
/** Between the parts of one member-panel line ("2,089 posts · Joined 2001"). */
const STAT_SEPARATOR = /\s+[·|•]\s+/;
/** A member panel's part: a label with its value, a count or a member title. */
const isStat = (t: string): boolean => STAT_LABEL.test(t) || STAT_COUNT.test(t) || STAT_TITLE.test(t);

/**
 * The chosen lines less the member-panel lines (module comment); undefined when none is.
 * @param chosen 1 per chosen line; not changed
 */
export function dropMemberStats(table: LineTable, chosen: Uint8Array): Uint8Array | undefined {
  // A label without its value ("Posts:"): the next chosen line, a bare number, is its value.
  let label = false;
  return dropWhere(chosen, (i) => {
    if (table.contentChars[i]! === 0) return false;
    const short = table.contentChars[i]! <= STAT_CHARS;
    const t = short ? table.lineText(i) : '';
    const isLabel = short && STAT_LABEL.test(t);
    const drop = isLabel || (short && ((label && BARE_NUMBER.test(t)) || t.split(STAT_SEPARATOR).every(isStat)));
    label = isLabel && !DIGIT.test(t);
    return drop;
  });
}

/** Stage `stats`: a member panel's lines go (`memberStats`). */
export const statsStage: Stage = chosenStage({
  id: 'stats', purpose: "forum threads: the member panel beside each post goes (member titles, post counts, join dates; memberStats)",
  kept: '',
  dropped: 'a member panel line (a member title, "Posts: N", "Joined …", "N likes")',
}, (o) => o.memberStats, dropMemberStats);

/** Characters of a sign-in prompt line at most. */
const PROMPT_CHARS = 80;
/** A prompt to sign in, register or join before replying ("Create an account or sign in to comment", "You must log in to answer this question."). */
const PROMPT = /^(?:(?:please\s+)?(?:sign|log)\s?(?:in|up)\b|register\b|create an account|already have an account|don'?t have an account|you must (?:be )?(?:log|sign)|you need to be a member|join the (?:conversation|discussion))/i;

/**
 * The chosen lines less the sign-in prompts (`signIn`): a short line that asks the reader to sign in, register or join
 * before replying, which the gold leaves out; undefined when none is.
 * @param chosen 1 per chosen line; not changed
 */
export function dropSignInPrompts(table: LineTable, chosen: Uint8Array): Uint8Array | undefined {
  return dropWhere(chosen, (i) => table.contentChars[i]! > 0 && table.contentChars[i]! <= PROMPT_CHARS && PROMPT.test(table.lineText(i).trim()));
}

/** Stage `sign-in`: prompts to sign in or register before replying go (`signIn`). */
export const signInStage: Stage = chosenStage({
  id: 'sign-in', purpose: 'forum threads: prompts to sign in or register before replying go (signIn)',
  kept: '',
  dropped: 'a prompt to sign in, register or join before replying',
}, (o) => o.signIn, dropSignInPrompts);

/** Stage `consent`: lines in a cookie-consent dialog go (`dropConsent`). */
export const consentStage: Stage = chosenStage({
  id: 'consent', purpose: 'a cookie-consent dialog shown over the page goes (dropConsent)',
  kept: '',
  dropped: 'in a cookie-consent dialog (class/id word onetrust)',
}, (o) => o.dropConsent, dropConsentLines);
