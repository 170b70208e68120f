import { describe, it, expect } from 'vitest';
import { hostOfJsonLine, hostOfParsed, topLevelStrings } from '../../src/batch/host.js';

const bytes = (s: string): Uint8Array => new TextEncoder().encode(s);

describe('hostOfJsonLine', () => {
  it('reads the host as the record parser would, whatever the other members hold', () => {
    const records = [
      '{"id": "a", "html": "<a href=\\"x\\">\\"quoted\\" \\\\\\"</a>", "url": "https://www.Example.com/a"}',
      '{"html": "{\\"url\\": \\"https://wrong.example/\\"}", "meta": {"url": "https://nested.example/", "list": ["}", "{", 1]}, "url": "http://right.example/x"}',
      '{"\\u0075rl": "https://escaped-key.example/"}',
      '{"url": "https:\\/\\/slashes.example\\/p"}',
      '{"host": "WWW.Host.Example", "url": "https://other.example/"}',
      '{"n": -1.5e3, "ok": true, "none": null, "url": "https://after-literals.example/"}',
      '  {  "url"  :  "https://spaces.example/"  }  ',
      '{"url": null}', '{"url": 42}', '{}', '[1, 2]', '"x"', 'not json', '{"url": "https://cut.example/', '{"url": "https://x.example/"} trailing',
      '{"id": 1, "id": 2, "url": "https://first.example/", "url": "https://second.example/"}',
    ];
    for (const r of records) {
      let parsed: string | null;
      try { parsed = hostOfParsed(JSON.parse(r)); } catch { parsed = null; }
      if (r.endsWith('trailing')) parsed = 'x.example'; // the scan stops at the object's end; the worker reports the record as broken
      expect(hostOfJsonLine(bytes(r)), r).toBe(parsed);
    }
  });

  it('scans only the top level, and says when it cannot read a record', () => {
    expect(topLevelStrings(bytes('{"a": {"url": "x"}, "url": "y"}'), new Set(['url']))).toEqual(new Map([['url', 'y']]));
    expect(topLevelStrings(bytes('{"a" 1}'), new Set(['url']))).toBeUndefined();
    expect(topLevelStrings(bytes('{"a": [1, {"b": "]"}], "url": "z"}'), new Set(['url']))).toEqual(new Map([['url', 'z']]));
  });
});
