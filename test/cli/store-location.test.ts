import { describe, it, expect, afterEach } from 'vitest';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { run } from '../../src/cli/main.js';
import { locateStore, userStorePath } from '../../src/cli/store-location.js';
import { tempDir } from '../batch/helpers.js';
import { sitePage } from '../helpers/site-pages.js';
import { capture } from './capture.js';

const saved = { FARSW_STORE: process.env['FARSW_STORE'], XDG_DATA_HOME: process.env['XDG_DATA_HOME'] };
afterEach(() => {
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
});

describe('where the model store is (issue 21.11)', () => {
  it('--store, then FARSW_STORE, then the per-user store if it exists, then the project store if it exists, else per-user', () => {
    const root = tempDir('store-loc');
    const home = join(root, 'home'), cwd = join(root, 'project');
    const user = join(home, '.local/share/farsw/farsw.sqlite');
    const project = join(cwd, 'models/farsw.sqlite');
    expect(userStorePath({}, home)).toBe(user);
    expect(userStorePath({ XDG_DATA_HOME: '/data' }, home)).toBe('/data/farsw/farsw.sqlite');
    expect(userStorePath({ XDG_DATA_HOME: 'relative' }, home)).toBe(user); // XDG: a relative path is ignored
    expect(locateStore(undefined, {}, cwd, home)).toEqual({ path: user, source: 'user', exists: false });
    mkdirSync(join(cwd, 'models'), { recursive: true });
    writeFileSync(project, '');
    expect(locateStore(undefined, {}, cwd, home)).toMatchObject({ path: project, source: 'project' });
    mkdirSync(join(home, '.local/share/farsw'), { recursive: true });
    writeFileSync(user, '');
    expect(locateStore(undefined, {}, cwd, home)).toMatchObject({ path: user, source: 'user', exists: true });
    expect(locateStore(undefined, { FARSW_STORE: '/s.sqlite' }, cwd, home)).toMatchObject({ path: '/s.sqlite', source: 'env' });
    expect(locateStore('/o.sqlite', { FARSW_STORE: '/s.sqlite' }, cwd, home)).toMatchObject({ path: '/o.sqlite', source: 'option' });
  });

  it('FARSW_STORE is used from any folder: train, models list (says which store), apply --model', async () => {
    const root = tempDir('store-env');
    const data = join(root, 'data', 'alpha.example');
    mkdirSync(data, { recursive: true });
    for (let k = 0; k < 6; k++) {
      const p = sitePage(k);
      writeFileSync(join(data, `${k}.html`), p.html);
      writeFileSync(join(data, `${k}.txt`), p.gold!);
    }
    const store = join(root, 'elsewhere', 'farsw.sqlite');
    process.env['FARSW_STORE'] = store;
    expect(await run(['train', '--data', join(root, 'data'), '--model', 'alpha'], capture())).toBe(0);
    expect(existsSync(store)).toBe(true);
    const list = capture();
    expect(await run(['models', 'list'], list)).toBe(0);
    expect(list.out).toContain(`store: ${store} (FARSW_STORE)`);
    expect(list.out).toMatch(/^alpha /m);
    const page = join(root, 'page.html');
    writeFileSync(page, sitePage(9).html);
    const applied = capture();
    expect(await run(['apply', '--model', 'alpha', page], applied), applied.err).toBe(0);
    const other = capture();
    expect(await run(['models', 'list', '--store', join(root, 'none.sqlite')], other)).toBe(0);
    expect(other.out).toContain(`(--store; not created yet)`);
  });
});
