/**
 * Where the model store is: `--store PATH`, else `$FARSW_STORE`, else the per-user
 * store (`$XDG_DATA_HOME/farsw/farsw.sqlite`, by default `~/.local/share/farsw/farsw.sqlite`)
 * when it exists, else the project-local `models/farsw.sqlite` when it exists, else
 * the per-user path (where `farsw train` then creates it). So `npx farsw` finds the same
 * models from any folder, and a project's own store still works.
 */
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { DEFAULT_STORE_PATH } from '../model-store/store.js';

/** Which rule chose the store. */
export type StoreSource = 'option' | 'env' | 'user' | 'project';

export interface StoreLocation {
  readonly path: string;
  readonly source: StoreSource;
  readonly exists: boolean;
}

/** The per-user store file: `$XDG_DATA_HOME/farsw/farsw.sqlite`, XDG's default `~/.local/share` when unset or relative. */
export function userStorePath(env: NodeJS.ProcessEnv = process.env, home: string = homedir()): string {
  const xdg = env['XDG_DATA_HOME'];
  const base = xdg !== undefined && xdg.startsWith('/') ? xdg : join(home, '.local', 'share');
  return join(base, 'farsw', 'farsw.sqlite');
}

/**
 * Locate the store (see the module comment for the order).
 * @param option the `--store` value, if given
 * @param env environment (FARSW_STORE, XDG_DATA_HOME)
 * @param cwd directory the project-local `models/farsw.sqlite` is looked up in
 */
export function locateStore(option?: string, env: NodeJS.ProcessEnv = process.env, cwd: string = process.cwd(), home: string = homedir()): StoreLocation {
  const at = (path: string, source: StoreSource): StoreLocation => ({ path, source, exists: path === ':memory:' || existsSync(path) });
  if (option !== undefined && option !== '') return at(option, 'option');
  const fromEnv = env['FARSW_STORE'];
  if (fromEnv !== undefined && fromEnv !== '') return at(fromEnv, 'env');
  const user = at(userStorePath(env, home), 'user');
  if (user.exists) return user;
  const project = at(resolve(cwd, DEFAULT_STORE_PATH), 'project');
  return project.exists ? project : user;
}

/** How `farsw models list` names the rule. */
export function describeStoreSource(s: StoreLocation): string {
  switch (s.source) {
    case 'option': return '--store';
    case 'env': return 'FARSW_STORE';
    case 'user': return 'the per-user store';
    case 'project': return `the project store (./${DEFAULT_STORE_PATH})`;
  }
}

/** The `--store` option of a command: its default is {@link locateStore}'s choice, made when the command runs. */
export function storeOptionSpec(what: string): { type: 'string'; default: () => string; defaultDescription: string; describe: string } {
  return {
    type: 'string',
    default: () => locateStore().path,
    defaultDescription: `$FARSW_STORE, else ${userStorePath().replace(homedir(), '~')} if it exists, else ./${DEFAULT_STORE_PATH} if it exists`,
    describe: what,
  };
}
