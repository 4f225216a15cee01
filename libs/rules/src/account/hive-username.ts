/**
 * Hive account names: 3 to 16 characters of a-z, 0-9, '.' and '-'; each
 * dot-separated segment starts with a letter, ends with a letter or digit and is
 * at least 3 characters long (the chain's own rule).
 */
const SEGMENT = /^[a-z][a-z0-9-]{1,}[a-z0-9]$/;

export const HIVE_USERNAME_MIN = 3;
export const HIVE_USERNAME_MAX = 16;

export function isValidHiveUsername(name: string): boolean {
  if (typeof name !== 'string') return false;
  if (name.length < HIVE_USERNAME_MIN || name.length > HIVE_USERNAME_MAX) return false;
  return name.split('.').every((segment) => SEGMENT.test(segment) && !segment.includes('--'));
}
