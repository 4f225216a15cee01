/** True when PostgreSQL refused a row because a unique constraint already holds its key. */
export function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === '23505';
}
