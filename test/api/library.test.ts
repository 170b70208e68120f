import { describe, expect, it } from 'vitest';
import { ConfigError, InputError, evaluate, extract, train } from '../../src/index.js';

const PAGE = '<html><body><nav><a href="/">Home</a> <a href="/b">Boats</a></nav>'
  + '<article><h1>Ferry timetable</h1><p>The morning ferry to the outer islands leaves the pier at seven and returns before dusk.</p>'
  + '<p>Passengers with bicycles board first, then the cars, then everyone else with their baskets.</p></article></body></html>';
const GOLD = 'Ferry timetable\nThe morning ferry to the outer islands leaves the pier at seven and returns before dusk.\n'
  + 'Passengers with bicycles board first, then the cars, then everyone else with their baskets.';

/** The error `fn` throws (or rejects with). */
async function errorOf(fn: () => unknown): Promise<Error> {
  try {
    await fn();
  } catch (e) {
    return e as Error;
  }
  throw new Error('no error');
}

describe('library arguments (what the types promise, checked for JavaScript callers)', () => {
  it('extract refuses a page that is neither a string nor bytes with a typed one-line error', async () => {
    for (const [page, found] of [[null, 'null'], [42, 'number'], [undefined, 'nothing'], [{ html: PAGE }, 'object'], [[PAGE], 'an array'], [new ArrayBuffer(4), 'an ArrayBuffer']] as const) {
      const e = await errorOf(() => extract(page as never));
      expect(e).toBeInstanceOf(ConfigError);
      expect(e.message).toContain(`found ${found}`);
      expect(e.message).not.toContain('\n');
    }
    expect(extract(Buffer.from(PAGE)).text).toContain('morning ferry');
  });

  it('extract refuses an unknown format and options that are no object', async () => {
    expect((await errorOf(() => extract(PAGE, { format: 'xml' as never }))).message).toBe('extract: unknown format "xml": expected one of text, json, markdown, html');
    expect(await errorOf(() => extract(PAGE, null as never))).toBeInstanceOf(ConfigError);
  });

  it('extract refuses numeric options out of range, naming the option (the CLI flags share the table)', async () => {
    const cases: [object, string][] = [
      [{ algorithm: 'addanag', dana: { gap: -5 } }, 'extract: dana.gap: expected an integer ≥ 0, found -5'],
      [{ algorithm: 'addanag', dana: { container: 1.5 } }, 'extract: dana.container: expected a share from 0 to 1, found 1.5'],
      [{ farsw: { phi: 0 } }, 'extract: farsw.phi: expected an integer ≥ 1, found 0'],
      [{ farsw: { beta: Number.NaN } }, 'extract: farsw.beta: expected a finite number, found NaN'],
      [{ farsw: { dana: { radius: '2' } } }, 'extract: farsw.dana.radius: expected an integer ≥ 0, found "2"'],
    ];
    for (const [options, message] of cases) {
      const e = await errorOf(() => extract(PAGE, options as never));
      expect(e).toBeInstanceOf(ConfigError);
      expect(e.message).toBe(message);
    }
    expect(extract(PAGE, { algorithm: 'addanag', dana: { gap: 0, container: 1 } }).text).toContain('morning ferry');
  });

  it('train names the page and field that is wrong', async () => {
    const e = await errorOf(() => train([{ html: PAGE, gold: GOLD }, { html: 5, gold: GOLD } as never], { name: 'ferry' }));
    expect(e).toBeInstanceOf(ConfigError);
    expect(e.message).toBe('train: pages[1]: field "html" must be a string, found number');
    expect((await errorOf(() => train([{ id: 'p7', html: PAGE, gold: ['x'] } as never], { name: 'ferry' }))).message)
      .toBe('train: page "p7" (pages[0]): field "gold" must be a string or null, found an array');
    expect((await errorOf(() => train(PAGE as never, { name: 'ferry' }))).message).toContain('pages must be an array');
    expect((await errorOf(() => train([{ html: PAGE, gold: GOLD }], {} as never))).message).toBe('train: options: field "name" must be a string, found nothing');
    expect(await errorOf(() => train([{ html: PAGE, gold: 'words that appear nowhere on it' }], { name: 'ferry' }))).toBeInstanceOf(InputError);
  });

  it('train refuses an async iterable with a typed error saying to collect the pages first (evaluate takes one)', async () => {
    async function* pages() { yield { html: PAGE, gold: GOLD }; }
    const e = await errorOf(() => train(pages() as never, { name: 'ferry' }));
    expect(e).toBeInstanceOf(ConfigError);
    expect(e.message).toContain('not async: collect them first');
    expect((await evaluate(pages())).pages).toHaveLength(1);
  });

  it('evaluate takes plain { html, gold } pages and extract() options, a predictor, or nothing', async () => {
    const pages = [{ html: PAGE, gold: GOLD }];
    const byModel = await evaluate(pages);
    expect(byModel.pages).toHaveLength(1);
    expect(byModel.overall.bow!.f1).toBeGreaterThan(0.9);
    const byAlgorithm = await evaluate(pages, { algorithm: 'addanag' });
    expect(byAlgorithm.pages[0]!.id).toBe('#0');
    const byFunction = await evaluate(pages, () => ({ text: 'Ferry timetable' }));
    expect(byFunction.overall.bow!.recall).toBeLessThan(0.2);
  });

  it('evaluate rejects a bad page or predictor with a typed error naming it', async () => {
    const e = await errorOf(() => evaluate([{ html: PAGE, gold: GOLD }, { id: 'q', gold: GOLD } as never]));
    expect(e).toBeInstanceOf(ConfigError);
    expect(e.message).toBe('evaluate: page "q" (pages[1]): field "html" must be a string, found nothing');
    expect((await errorOf(() => evaluate([{ html: PAGE, gold: GOLD }], 'addanag' as never))).message).toContain('the second argument must be extract() options or a function');
    expect((await errorOf(() => evaluate(undefined as never))).message).toContain('pages must be an array');
  });
});
