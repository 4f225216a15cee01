/** True when PostgreSQL refused a row because a unique constraint already holds its key. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const pgError = error as { code?: string; constraint?: string } | null;
  return pgError?.code === '23505' && (constraint === undefined || pgError.constraint === constraint);
}
