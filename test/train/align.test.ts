import { describe, it, expect } from 'vitest';
import { alignGold } from '../../src/train/align.js';

const gold = 'The quick brown fox jumps over the lazy dog.\nA second paragraph about foxes and dogs.';

describe('alignGold', () => {
  it('labels lines whose tokens appear in order in the gold', () => {
    const lines = [
      'Home | News | Sports',
      'The quick brown fox jumps over the lazy dog.',
      'A second paragraph about foxes and dogs.',
      'Copyright 2024 Example Corp',
    ];
    const r = alignGold(lines, gold, 0.5);
    expect(Array.from(r.topical)).toEqual([0, 1, 1, 0]);
    expect(r.goldTokens).toBe(16);
    expect(r.goldCovered).toBe(16);
    expect(r.topicalUnmatched).toBe(0);
  });

  it('requires order: the same words shuffled do not match', () => {
    const r = alignGold(['dog lazy the over jumps fox brown quick the'], gold, 0.5);
    expect(r.topical[0]).toBe(0);
  });

  it('applies the threshold to the share of matched tokens', () => {
    // 4 of 8 tokens match in order ("quick brown fox jumps")
    const line = 'quick brown fox jumps alpha beta gamma delta';
    expect(alignGold([line], gold, 0.5).topical[0]).toBe(1);
    expect(alignGold([line], gold, 0.6).topical[0]).toBe(0);
    const r = alignGold([line], gold, 0.5);
    expect(r.matchedTokens[0]).toBe(4);
    expect(r.topicalTokens).toBe(8);
    expect(r.topicalUnmatched).toBe(4);
    expect(r.goldCovered).toBe(4);
  });

  it('tolerates insertions inside a line (inline ad text)', () => {
    const r = alignGold(['The quick brown fox ADVERTISEMENT jumps over the lazy dog.'], gold, 0.8);
    expect(r.topical[0]).toBe(1);
    expect(r.matchedTokens[0]).toBe(9);
  });

  it('aligns Chinese character by character', () => {
    const zh = '今天北京天气很好。我们去公园散步。';
    const r = alignGold(['首页 新闻', '今天北京天气很好。', '我们去公园散步。'], zh, 0.5);
    expect(Array.from(r.topical)).toEqual([0, 1, 1]);
    expect(r.goldCovered).toBe(r.goldTokens);
  });

  it('handles lines longer than one chunk', () => {
    const words = Array.from({ length: 700 }, (_, i) => `w${i}`);
    const g = words.join(' ');
    const r = alignGold([words.slice(0, 300).join(' '), words.slice(300).join(' ')], g, 0.9);
    expect(Array.from(r.topical)).toEqual([1, 1]);
    expect(r.goldCovered).toBe(700);
  });

  it('matches a one-word line only against a one-word line of the gold', () => {
    const gold = 'Harbour works begin\nIntroduction\nThe harbour will close for a week while the wall is rebuilt.';
    const { topical } = alignGold(['Harbour', 'Introduction', 'Weather', 'The harbour will close for a week while the wall is rebuilt.'], gold, 0.5);
    // "Harbour" (a menu item) occurs in the gold's prose but is no gold line of its own; "Introduction" is.
    expect([...topical]).toEqual([0, 1, 0, 1]);
  });

  it('empty gold gives no topical lines; empty lines are never topical', () => {
    expect(Array.from(alignGold(['a b c', ''], '', 0.5).topical)).toEqual([0, 0]);
    expect(alignGold(['', '...'], 'a b', 0).topical[0]).toBe(0);
  });
});

describe('alignGold tokenisation', () => {
  it('cuts like the metrics: the kana mark ー is a token of its own, not joined to Latin letters', () => {
    // With "ーabc" as one token (the former training tokeniser) the line would share no token with the gold.
    const r = alignGold(['ーabc def'], 'ー abc def', 0.5);
    expect(r.lineTokens[0]).toBe(3);
    expect(r.matchedTokens[0]).toBe(3);
    expect(r.topical[0]).toBe(1);
  });

  it('exclusive: a gold token labels one line, the one matching best (a breadcrumb repeating the headline is not the article)', () => {
    const g = 'Council reopens the harbour after the storm\nThe harbour council met on Tuesday and agreed that the bridge would reopen in spring.';
    const lines = [
      'Home » News » Council reopens the harbour after…',
      'Council reopens the harbour after the storm',
      'The harbour council met on Tuesday and agreed that the bridge would reopen in spring.',
    ];
    expect(Array.from(alignGold(lines, g, 0.5).topical)).toEqual([1, 1, 1]);
    const r = alignGold(lines, g, 0.5, true);
    expect(Array.from(r.topical)).toEqual([0, 1, 1]);
    expect(r.goldCovered).toBe(r.goldTokens);
    expect(r.topicalUnmatched).toBe(0);
    // The same in another order: the headline still takes its tokens first.
    expect(Array.from(alignGold([lines[1]!, lines[0]!, lines[2]!], g, 0.5, true).topical)).toEqual([1, 0, 1]);
  });

  it('exclusive: text the page shows twice and the gold once labels one line (the longer match wins, then the earlier line)', () => {
    const r = alignGold(['The quick brown fox jumps over the lazy dog.', 'A second paragraph about foxes and dogs.', 'The quick brown fox jumps over the lazy dog.'], gold, 0.5, true);
    expect(Array.from(r.topical)).toEqual([1, 1, 0]);
    expect(r.topicalTokens).toBe(r.goldTokens);
  });
});
