import { describe, it, expect } from 'vitest';
import { buildLineTable } from '../../../src/html/lines.js';
import { dropQuotedLines, quotesStage } from '../../../src/extract/strategies/quotes.js';
import { consentStage, dropConsentLines, dropMemberStats, dropSignatureLines, dropSignInPrompts, signInStage, signaturesStage, statsStage } from '../../../src/extract/strategies/signatures.js';
import { FARSW_APPLY_DEFAULTS } from '../../../src/core/defaults.js';
import type { Model } from '../../../src/model/model.js';
import type { FarswApplyOptions } from '../../../src/extract/apply-options.js';

/** A thread of three posts: the second quotes part of the first, the third quotes the second's whole reply; each has a signature. */
const post = (author: string, body: string, sig: string): string =>
  `<article class="message"><h4 class="message-name">${author}</h4><div class="bbWrapper">${body}</div><aside class="message-signature"><p>${sig}</p></aside></article>`;
const thread = `<html><body><h1>Tent pegs for sand</h1>
${post('dune', '<p>Standard pegs pull out of soft sand in any wind.</p><p>What do people use on beaches?</p>', 'Camping since the eighties.')}
${post('kite', '<blockquote><p>What do people use on beaches?</p></blockquote><p>Bury a bag filled with sand as a deadman anchor.</p><p>Thanks</p>', 'Sent from my phone')}
${post('dune', '<blockquote><p>Bury a bag filled with sand</p></blockquote><p>Thanks</p><p>The bag trick held all night in a gale.</p>', 'Camping since the eighties.')}
</body></html>`;
const all = (n: number): Uint8Array => new Uint8Array(n).fill(1);
const kept = (t: ReturnType<typeof buildLineTable>, m: Uint8Array): string[] => t.text.filter((x, i) => m[i] && x);

describe('dropQuotedLines', () => {
  const t = buildLineTable(thread, { classTokens: true });
  it('drops a line whose words appear in earlier chosen text, whole or part of a line; keeps short repeats', () => {
    const out = kept(t, dropQuotedLines(t, all(t.count), 10)!);
    const count = (x: string): number => out.filter((y) => y === x).length;
    expect(t.text.filter((y) => y === 'What do people use on beaches?')).toHaveLength(2);
    expect(count('What do people use on beaches?')).toBe(1); // the question kept, its quote dropped
    expect(out).not.toContain('Bury a bag filled with sand'); // part of an earlier line
    expect(out).toContain('Standard pegs pull out of soft sand in any wind.');
    expect(out).toContain('Bury a bag filled with sand as a deadman anchor.');
    expect(out).toContain('The bag trick held all night in a gale.');
    // "Thanks" (6 characters) twice, "Camping since the eighties." (a signature, 26) twice
    expect(out.filter((x) => x === 'Thanks')).toHaveLength(2);
    expect(out.filter((x) => x.startsWith('Camping'))).toHaveLength(1);
    expect(kept(t, dropQuotedLines(t, all(t.count), 30) ?? all(t.count)).filter((x) => x.startsWith('Camping'))).toHaveLength(2);
  });
  it('compares lines as words, not markup or case', () => {
    const u = buildLineTable('<p>Seal the ends with WAX, today.</p><blockquote><em>seal the ends</em> with wax today</blockquote>');
    expect(kept(u, dropQuotedLines(u, all(u.count), 10)!)).toEqual(['Seal the ends with WAX, today.']);
  });
  it("keeps code that repeats another block's (an answer's import line), drops a repeat within one block (a log's trace)", () => {
    const qa = `<html><body><h1>Sleep without blocking</h1>
<div class="question"><p>How do I wait in a coroutine?</p><pre><code>import asyncio
asyncio.run(main())</code></pre></div>
<div class="answer"><p>Await the sleep:</p><pre><code>import asyncio
async def main():
    await asyncio.sleep(1)
asyncio.run(main())</code></pre></div>
<div class="answer"><p>The log says:</p><pre>ERROR worker stopped: connection reset by peer
retrying in five seconds
ERROR worker stopped: connection reset by peer</pre>
<blockquote><pre>retrying in five seconds</pre></blockquote></div>
</body></html>`;
    const u = buildLineTable(qa);
    const out = kept(u, dropQuotedLines(u, all(u.count), 10)!);
    expect(out.filter((x) => x === 'import asyncio')).toHaveLength(2);
    expect(out.filter((x) => x === 'asyncio.run(main())')).toHaveLength(2);
    expect(out.filter((x) => x.startsWith('ERROR worker stopped'))).toHaveLength(1);
    // code inside a quote is a quote: dropped as any quoted line
    expect(out.filter((x) => x === 'retrying in five seconds')).toHaveLength(1);
  });
  it('only looks at chosen lines: a repeat of a line not chosen stays, and the input is not changed', () => {
    const chosen = all(t.count);
    const first = t.text.indexOf('What do people use on beaches?');
    chosen[first] = 0;
    const out = dropQuotedLines(t, chosen, 10)!;
    expect(kept(t, out).filter((y) => y === 'What do people use on beaches?')).toHaveLength(1);
    expect(chosen.every((x, i) => x === 1 || i === first)).toBe(true);
  });
  it('is undefined when nothing repeats', () => {
    const u = buildLineTable('<p>One paragraph of its own.</p><p>Another paragraph.</p>');
    expect(dropQuotedLines(u, all(u.count), 10)).toBeUndefined();
  });
});

describe('dropSignatureLines', () => {
  it("drops the lines of members' signatures (class/id words signature, sig), nothing else", () => {
    const t = buildLineTable(thread, { classTokens: true });
    const out = kept(t, dropSignatureLines(t, all(t.count))!);
    expect(out.join('\n')).not.toMatch(/Camping since|Sent from my phone/);
    expect(out).toContain('dune');
    expect(out).toContain('Bury a bag filled with sand as a deadman anchor.');
    const sig = buildLineTable('<p>Post text here.</p><div id="sig"><p>my quip</p></div><div class="postSignature"><p>gear</p></div>', { classTokens: true });
    expect(kept(sig, dropSignatureLines(sig, all(sig.count))!)).toEqual(['Post text here.']);
  });
  it('is undefined without class/id words or without a signature', () => {
    expect(dropSignatureLines(buildLineTable(thread, { classTokens: false }), new Uint8Array(40).fill(1))).toBeUndefined();
    const t = buildLineTable('<div class="post"><p>No signature here.</p></div>', { classTokens: true });
    expect(dropSignatureLines(t, all(t.count))).toBeUndefined();
  });
});

describe('dropConsentLines', () => {
  // A OneTrust dialog after the thread: its banner and preference centre, hidden by style sheets the line builder does not read.
  const page = `<body><h1>Tent pegs for sand</h1><div class="post"><p>Bury a bag filled with sand as a deadman anchor.</p></div>
<div id="onetrust-consent-sdk"><div id="onetrust-banner-sdk"><p id="onetrust-policy-text">We use cookies to run this forum.</p></div>
<div id="onetrust-pc-sdk"><h2>Manage consent preferences</h2><p>Performance cookies count visits.</p></div></div></body>`;
  it('drops the lines of a cookie-consent dialog (class/id word onetrust), nothing else', () => {
    const t = buildLineTable(page, { classTokens: true });
    expect(kept(t, dropConsentLines(t, all(t.count))!)).toEqual(['Tent pegs for sand', 'Bury a bag filled with sand as a deadman anchor.']);
    expect(dropConsentLines(t, Uint8Array.from(t.text, (x) => (x.startsWith('Bury') ? 1 : 0)))).toBeUndefined();
  });
  it('is a stage that is off by default (dropConsent false)', () => {
    const t = buildLineTable(page, { classTokens: true });
    const run = (dropConsent: boolean) => consentStage.run({ table: t, model: {} as Model, options: { ...FARSW_APPLY_DEFAULTS, dropConsent } as FarswApplyOptions }, { chosen: all(t.count) });
    expect(run(false)).toEqual({});
    expect(kept(t, run(true).chosen!).join('\n')).not.toMatch(/cookies|consent/);
  });
});

describe('dropMemberStats', () => {
  // Two posts, each with a member panel: a title, a label with its value on the next line, a label with its value, a count.
  const panel = (name: string, posts: string) => `<div class="user"><p>${name}</p><p>Senior Member</p><dl><dt>Posts:</dt><dd>${posts}</dd></dl><p>Location: Leeds</p><p>12 likes</p></div>`;
  const page = `<body><h1>Tent pegs for sand</h1>${panel('dune', '1,204')}<p>Standard pegs pull out of soft sand in any wind.</p>${panel('kite', '87')}<p>Bury a bag filled with sand as a deadman anchor.</p><p>Posts were deleted by 2 moderators after the storm of 2019.</p><p>42</p></body>`;
  it("drops a member panel's titles, labels, their values and counts; keeps names, post text and long lines", () => {
    const t = buildLineTable(page);
    expect(kept(t, dropMemberStats(t, all(t.count))!)).toEqual(['Tent pegs for sand', 'dune', 'Standard pegs pull out of soft sand in any wind.', 'kite',
      'Bury a bag filled with sand as a deadman anchor.', 'Posts were deleted by 2 moderators after the storm of 2019.', '42']);
  });
  it('drops a panel line of several parts ("2,089 posts · Joined 2001"), not a line one of whose parts is not a panel\'s', () => {
    const t = buildLineTable('<body><p>2,089 posts · Joined 2001</p><p>Moderator | 12 likes</p><p>9 posts · Leeds</p><p>Mud pegs · 12 likes</p></body>');
    expect(kept(t, dropMemberStats(t, all(t.count))!)).toEqual(['9 posts · Leeds', 'Mud pegs · 12 likes']);
  });
  it('is a stage that is off by default (memberStats false)', () => {
    const t = buildLineTable(page);
    const run = (memberStats: boolean) => statsStage.run({ table: t, model: {} as Model, options: { ...FARSW_APPLY_DEFAULTS, memberStats } as FarswApplyOptions }, { chosen: all(t.count) });
    expect(run(false)).toEqual({});
    expect(kept(t, run(true).chosen!)).not.toContain('Senior Member');
    const plain = buildLineTable('<p>A post with no member panel around it at all.</p>');
    expect(dropMemberStats(plain, all(plain.count))).toBeUndefined();
  });
});

describe('dropSignInPrompts', () => {
  const page = `<body><h1>Tent pegs for sand</h1><p>Standard pegs pull out of soft sand in any wind.</p><div class="guest"><p>Create an account or sign in to comment</p><p>You need to be a member in order to leave a comment</p><p>Already have an account? Sign in here.</p><p><a href="/register">Register a new account</a></p></div><p>Sign up sheets for the beach clean are at the kiosk, and everyone who signs in gets a free litter picker for the day.</p><p>You must log in to answer this question.</p></body>`;
  it('drops short prompts to sign in or register, not a long line that starts like one', () => {
    const t = buildLineTable(page);
    expect(kept(t, dropSignInPrompts(t, all(t.count))!)).toEqual(['Tent pegs for sand', 'Standard pegs pull out of soft sand in any wind.',
      'Sign up sheets for the beach clean are at the kiosk, and everyone who signs in gets a free litter picker for the day.']);
  });
  it('is a stage that is off by default (signIn false)', () => {
    const t = buildLineTable(page);
    const run = (signIn: boolean) => signInStage.run({ table: t, model: {} as Model, options: { ...FARSW_APPLY_DEFAULTS, signIn } as FarswApplyOptions }, { chosen: all(t.count) });
    expect(run(false)).toEqual({});
    expect(kept(t, run(true).chosen!)).not.toContain('Register a new account');
  });
});

describe('the stages', () => {
  const t = buildLineTable(thread, { classTokens: true });
  const page = (options: Partial<FarswApplyOptions>) => ({ table: t, model: {} as Model, options: { ...FARSW_APPLY_DEFAULTS, ...options } as FarswApplyOptions });
  it('are off by default (quoteChars 0, signatures false)', () => {
    expect(quotesStage.run(page({}), { chosen: all(t.count) })).toEqual({});
    expect(signaturesStage.run(page({}), { chosen: all(t.count) })).toEqual({});
  });
  it('edit the chosen lines when on', () => {
    expect(kept(t, quotesStage.run(page({ quoteChars: 10 }), { chosen: all(t.count) }).chosen!)).not.toContain('Bury a bag filled with sand');
    expect(kept(t, signaturesStage.run(page({ signatures: true }), { chosen: all(t.count) }).chosen!)).not.toContain('Sent from my phone');
  });
});
