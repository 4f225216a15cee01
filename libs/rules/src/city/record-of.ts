/**
 * A record with one value for each of `keys`: how every resource (unit, asset, ...) record is built,
 * so a key added to its list reaches every record without a search. The one cast over key records: the record
 * starts empty, and every key is present by construction.
 */
export function recordOf<K extends string, V>(keys: readonly K[], valueOf: (key: K) => V): Record<K, V> {
  // A loop rather than Object.fromEntries: no array of pairs per call (the city read builds several of these records).
  const record = {} as Record<K, V>;
  for (const key of keys) record[key] = valueOf(key);
  return record;
}
