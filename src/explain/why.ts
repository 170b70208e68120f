/**
 * `farsw explain --why N`: why line N was kept or dropped: the model stage that decided it and its reason
 * (extract/stages/index.ts), then the evidence rules that fired on it (models trained with evidence rules), the learned
 * mute's word and the lead, as they apply.
 */
import { ConfigError } from '../core/errors.js';
import { terminalSafe } from './escape.js';
import { decisionOf, type ExplainData } from './explain.js';

/**
 * The explanation of one line, as terminal text.
 * @throws ConfigError for a line index outside the page, or an explanation of the DANA core alone (no stages)
 */
export function whyLine(data: ExplainData, line: number): string {
  if (!Number.isInteger(line) || line < 0 || line >= data.lineCount) throw new ConfigError(`--why: expected a line index 0..${data.lineCount - 1}, found ${line}`);
  if (!data.decidedBy) throw new ConfigError(`--why: explains a model's decisions; ${data.method} is the DANA core alone (give --model, or no --algorithm)`);
  const kept = data.chosenMask[line] ? 'kept' : 'dropped';
  const vote = data.rulesOn?.(line);
  const out = [vote ? `line ${line}: ${kept}; P(content) ${vote.p.toFixed(2)} by the weighted vote of ${vote.rules.length} rules` : `line ${line}: ${kept}`,
    `  ${terminalSafe(data.texts[line] ?? '')}`];
  const d = decisionOf(data, line);
  out.push(d ? `  decided by stage ${d.step} ${d.stage}: ${d.reason || (d.kept ? 'kept' : 'dropped')}` : '  decided by no stage (no line decision reached it)');
  const muted = data.mutedBy?.(line);
  if (muted) out.push(`  muted: class/id word \`${muted.word}\` (its block carried the article on ${(100 * muted.carries).toFixed(1)} % of its training pages)`);
  if (data.lead?.includes(line)) out.push('  brought back as the lead under the headline: chosen by DANA\'s regions or the windows, cut by the containers, long and not link-dense');
  if (vote) for (const r of vote.rules) out.push(`  ${r.degree.toFixed(2)}  ${r.text}`);
  else out.push(`  (model ${data.model ?? '(none)'} has no evidence rules: train it with --evidence to see the rules that fired on the line)`);
  return out.join('\n') + '\n';
}
