import { describe, it, expect } from 'vitest';
import { buildLineTable } from '../../src/html/lines.js';
import { fillSpan } from '../../src/extract/farsw.js';

describe('fillSpan: the stretch the container kept', () => {
  // Two paragraphs around a list of short cells and a list of links; a menu before and a footer after.
  const html = `<body><ul class="menu"><li><a href="/">Home</a></li><li><a href="/w">World</a></li></ul>
<div class="story"><p>The council met on Monday and agreed to reopen the harbour after the storm.</p>
<ul><li>Piers: mended</li><li>Boats: 40</li><li>Cost: 2 million</li></ul>
<ul><li><a href="/a">Another story</a></li><li><a href="/b">More news</a></li></ul>
<p>Fishing boats may leave from Friday, the harbour master said, weather permitting.</p></div>
<p>Copyright Example News</p></body>`;
  const t = buildLineTable(html);
  const line = (s: string) => t.text.findIndex((x) => x.startsWith(s));
  const chosenOf = (...starts: string[]) => {
    const m = new Uint8Array(t.count);
    for (const s of starts) m[line(s)] = 1;
    return m;
  };
  const kept = (m: Uint8Array) => t.text.filter((_, i) => m[i] === 1);

  it('chooses the lines with text between the first and last chosen line, unless link-dense', () => {
    const m = chosenOf('The council', 'Fishing boats');
    fillSpan(t, m, 0.5);
    expect(kept(m)).toEqual([t.text[line('The council')], 'Piers: mended', 'Boats: 40', 'Cost: 2 million', t.text[line('Fishing boats')]]);
  });

  it('leaves the lines outside the span, and everything when fewer than two lines are chosen', () => {
    const one = chosenOf('The council');
    fillSpan(t, one, 0.5);
    expect(kept(one)).toEqual([t.text[line('The council')]]);
    const none = new Uint8Array(t.count);
    fillSpan(t, none, 0.5);
    expect(kept(none)).toEqual([]);
  });

  it('takes the links too when the cut allows them (share 1)', () => {
    const m = chosenOf('The council', 'Fishing boats');
    fillSpan(t, m, 1);
    expect(kept(m)).toContain('Another story');
    expect(kept(m)).not.toContain('Home');
  });
});
