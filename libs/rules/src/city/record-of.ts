/**
 * A record with one value for each of `keys`: how every resource (unit, asset, ...) record is built,
 * so a key added to its list reaches every record without a search. The one cast over key records:
 * Object.fromEntries types its result by `string`, and here every key is present by construction.
 */
export function recordOf<K extends string, V>(keys: readonly K[], valueOf: (key: K) => V): Record<K, V> {
  return Object.fromEntries(keys.map((key) => [key, valueOf(key)])) as Record<K, V>;
}
