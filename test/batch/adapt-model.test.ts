/** adaptChoice: the second pass of `apply --adapt` gives a host's pages its learned model, with the guard's per-page fallback. */
import { describe, it, expect } from 'vitest';
import { adaptChoice, type AdaptTable } from '../../src/batch/adapt-model.js';
import { train } from '../../src/train/train.js';
import { sitePages } from '../helpers/site-pages.js';

describe('adaptChoice', () => {
  const model = { ...train(sitePages(6), { name: 'adapt', site: 'alpha.example' }), name: 'adapt:alpha.example' };
  const table: AdaptTable = {
    minPages: 5,
    hosts: new Map([
      ['alpha.example', { model, reason: 'adapt:alpha.example (won)', pages: 6, ms: 1, fallbackBelow: 0.8 }],
      ['beta.example', { model, reason: 'adapt:beta.example (won)', pages: 6, ms: 1 }],
      ['gamma.example', { reason: 'default: adapt:gamma.example lost', pages: 6, ms: 1 }],
    ]),
  };

  it('passes the learned model and, where the guard chose one, the usual model as its per-page fallback', () => {
    const a = adaptChoice(table, 'alpha.example', {});
    expect(a.options.model).toBe(model);
    expect(a.options.fallback?.below).toBe(0.8);
    expect(a.options.fallback?.model.name).toBe('default'); // what the host's pages get without --adapt
    expect(a.reason).toBe('adapt:alpha.example (won)');
    expect(adaptChoice(table, 'beta.example', {}).options.fallback).toBeUndefined();
  });

  it('leaves the options alone where the learned model lost or the host had too few pages', () => {
    expect(adaptChoice(table, 'gamma.example', {}).options).toEqual({});
    expect(adaptChoice(table, 'delta.example', {}).note).toBe('adapt: fewer than 5 pages of delta.example');
    expect(adaptChoice(table, null, {}).note).toBe('adapt: no host');
  });
});
