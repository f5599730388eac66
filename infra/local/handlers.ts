/**
 * Loads handler modules the way Lambda does: by entry file, once per process, exporting `handler`.
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT = resolve(import.meta.dirname, '../..');
// biome-ignore lint/suspicious/noExplicitAny: the gateway invokes handlers of every event type through one cache.
type AnyHandler = (event: any, context: any) => Promise<any>;

const cache = new Map<string, Promise<AnyHandler>>();

/** The `handler` export of an entry file given relative to the repository root (as in functions/api/routes.ts). */
export function loadHandler(entry: string): Promise<AnyHandler> {
  let loaded = cache.get(entry);
  if (!loaded) {
    loaded = import(pathToFileURL(resolve(ROOT, entry)).href).then((mod: { handler?: AnyHandler }) => {
      if (typeof mod.handler !== 'function') throw new Error(`${entry} does not export a handler`);
      return mod.handler;
    });
    cache.set(entry, loaded);
  }
  return loaded;
}
