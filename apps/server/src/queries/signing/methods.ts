import type { SigningMethodId } from '@sinetti/contract';
import type { Db, DbOrTx } from '../../db/client.ts';
import { listSigningMethods } from '../billing.ts';

const cache = new WeakMap<object, Promise<Map<string, string>>>();

/**
 * The price list's method names (`{host}` is this instance), read once per database handle: the
 * signing_methods rows change only with a migration or an operator's edit followed by a restart.
 */
export async function methodNames(db: Db | DbOrTx, publicUrl: string): Promise<Map<string, string>> {
  let names = cache.get(db);
  if (!names) {
    const host = new URL(publicUrl).host;
    names = listSigningMethods(db).then(
      (rows) => new Map(rows.map((m) => [m.id, m.name.replaceAll('{host}', host)])),
    );
    names.catch(() => cache.delete(db));
    cache.set(db, names);
  }
  return names;
}

/** The name of one method (its id when the table does not know it). */
export async function methodName(db: Db | DbOrTx, publicUrl: string, id: SigningMethodId | string) {
  return (await methodNames(db, publicUrl)).get(id) ?? id;
}
