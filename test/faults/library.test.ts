/**
 * Fault injection, hostile library calls (issue 36 item 11): every option of the wrong type is a ConfigError naming
 * it (`{ model: 5 }`, `{ model: {} }`, `{ url: 5 }`, `{ lines: 'x' }`, `{ metadata: 'yes' }`, …), a Model object is
 * validated once, and a page over the limit is an InputError, not a RangeError from deep inside.
 */
import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { extract, type ExtractOptions } from '../../src/api/extract.js';
import { ConfigError, InputError } from '../../src/core/errors.js';
import { modelFromJson } from '../../src/model/model.js';
import { ROOT } from './helpers.js';

const PAGE = '<html><body><p>The harbour wall was rebuilt after the winter storms, stone by stone, over one long summer.</p></body></html>';

/** The error extract() throws for these options. */
function thrown(options: unknown): unknown {
  try {
    extract(PAGE, options as ExtractOptions);
  } catch (e) {
    return e;
  }
  return undefined;
}

describe('extract(): wrong arguments are ConfigErrors naming the field', () => {
  it.each([
    [{ model: 5 }, /^extract: model: expected a model name or a Model object, found number 5$/],
    [{ model: {} }, /^extract: model: not a Model object \(its name is missing; /],
    [{ model: [] }, /^extract: model: expected a model name or a Model object, found an array$/],
    [{ model: null }, /^extract: model: .*found null$/],
    [{ model: { name: 'x', params: {}, rules: 'none' } }, /^extract: model: not a Model object \(its rules is "none"/],
    [{ url: 5 }, /^extract: url: expected a string, found number 5$/],
    [{ lines: 'x' }, /^extract: lines: expected an object, found "x"$/],
    [{ metadata: 'yes' }, /^extract: metadata: expected a boolean, found "yes"$/],
    [{ algorithm: 5 }, /^extract: algorithm: expected a string/],
    [{ store: 1 }, /^extract: store: expected a string/],
    [{ contentType: true }, /^extract: contentType: expected a string, found boolean true$/],
    [{ useSiteModel: 'y' }, /^extract: useSiteModel: expected a boolean/],
    [{ profile: 1 }, /^extract: profile: expected a boolean/],
    [{ dana: 5 }, /^extract: dana: expected an object/],
    [{ farsw: [] }, /^extract: farsw: expected an object, found an array$/],
    [{ favor: 3 }, /^extract: favor: expected a string/],
    [{ fallback: 'x' }, /^extract: fallback: expected an object/],
  ])('%j', (options, message) => {
    const e = thrown(options);
    expect(e).toBeInstanceOf(ConfigError);
    expect((e as Error).message).toMatch(message);
  });

  it('a whole Model object is accepted (checked once), as are the right types', () => {
    const model = modelFromJson(readFileSync(join(ROOT, 'models/default.json'), 'utf8'));
    expect(extract(PAGE, { model, url: 'https://x.example/a', metadata: true, lines: {}, format: 'html' }).text).toContain('harbour wall');
    expect(extract(PAGE, { model }).text).toContain('harbour wall');
  });
});

describe('extract(): a page too large is an InputError', () => {
  it('bytes over 256 MiB: InputError with the size and the limit (the buffer is never read)', () => {
    const big = new Uint8Array(new ArrayBuffer(257 * 1024 * 1024));
    let e: unknown;
    try { extract(big); } catch (err) { e = err; }
    expect(e).toBeInstanceOf(InputError);
    expect((e as Error).message).toBe(`page too large: ${257 * 1024 * 1024} bytes, the limit is ${256 * 1024 * 1024} (256 MiB)`);
  });

  it('a string of 300 million characters: InputError with its length and the limit (a raw RangeError before)', () => {
    const big = 'x'.repeat(300_000_000); // a rope: V8 does not flatten it to read its length
    expect(() => extract(big)).toThrow(InputError);
    expect(() => extract(big)).toThrow(`page too large: 300000000 characters, the limit is ${256 * 1024 * 1024} (256 MiB)`);
  });
});
