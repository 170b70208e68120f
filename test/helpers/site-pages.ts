/** Hand-written pages of an imaginary news site: menu, article paragraphs, related links, footer. */
import type { TrainingPage } from '../../src/train/train.js';

const WORDS = 'river council budget school harbour bridge storm festival library museum tram station market garden hospital airport'.split(' ');

function sentence(seed: number, n: number): string {
  const out: string[] = [];
  for (let i = 0; i < n; i++) out.push(WORDS[(seed * 7 + i * 3 + (i * i) % 5) % WORDS.length]!);
  return out.join(' ');
}

/** Page `k` of the site; the gold is its article paragraphs. */
export function sitePage(k: number): TrainingPage {
  const paras = Array.from({ length: 5 + (k % 3) }, (_, i) => `Paragraph ${k}-${i}: ${sentence(k + i, 25 + ((k + i) % 7) * 5)}.`);
  const html = `<!doctype html><html><head><title>Story ${k}</title><script>var x = 1;</script></head><body>
<div class="nav"><ul>${['Home', 'World', 'Sport', 'Culture', 'Weather'].map((m) => `<li><a href="/${m}">${m}</a></li>`).join('')}</ul></div>
<div class="article"><h1>Headline number ${k}</h1>
${paras.map((p) => `<p>${p}</p>`).join('\n')}
</div>
<div class="related"><h3>Related</h3><ul>${[1, 2, 3, 4].map((r) => `<li><a href="/s/${k + r}"><img src="/t/${r}.jpg">Other story ${k + r}</a></li>`).join('')}</ul></div>
<div class="footer"><p>Copyright Example News. <a href="/about">About</a> <a href="/contact">Contact</a></p></div>
</body></html>`;
  return { id: `site/${k}`, html, gold: paras.join('\n') };
}

export function sitePages(n: number): TrainingPage[] {
  return Array.from({ length: n }, (_, k) => sitePage(k));
}
