import { describe, it, expect } from 'vitest';
import { hostOf, hostOfRecord, normalizeHost, siteOf } from '../../src/dataset/site.js';

describe('hostOf', () => {
  it.each([
    ['https://www.Example.com/a', 'example.com'],
    ['https://web.archive.org/web/20200101000000/https://news.example.org/x', 'news.example.org'],
    ['http://web.archive.org/web/2019id_/www.site.de/y', 'site.de'],
    ['https://web.archive.org/about', 'web.archive.org'],
    [null, null],
    ['', null],
    ['not a url', null],
  ])('%j → %j', (url, host) => {
    expect(hostOf(url)).toBe(host);
  });
});

describe('normalizeHost', () => {
  it('lower-cases and drops a leading www.', () => {
    expect(normalizeHost('WWW.News.Example')).toBe('news.example');
    expect(normalizeHost('news.www.example')).toBe('news.www.example');
    expect(normalizeHost('')).toBeNull();
  });
});

describe('hostOfRecord / siteOf', () => {
  it.each([
    [{ host: 'h', url: 'https://x.org/', dataset: 'd' }, 'h', 'h'],
    [{ host: 'WWW.H.org', url: null, dataset: 'd' }, 'h.org', 'h.org'],
    [{ host: null, url: 'https://WWW.X.org/a?b', dataset: 'd' }, 'x.org', 'x.org'],
    [{ host: '', url: 'https://web.archive.org/web/2020/https://y.org/p', dataset: 'd' }, 'y.org', 'y.org'],
    [{ host: null, url: 'not a url', dataset: 'd' }, null, 'd'],
    [{ host: null, url: null, dataset: 'd' }, null, 'd'],
  ])('%j → host %j, site %s', (rec, host, site) => {
    expect(hostOfRecord(rec)).toBe(host);
    expect(siteOf(rec)).toBe(site);
  });
});
