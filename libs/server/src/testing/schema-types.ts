import { execFileSync } from 'node:child_process';

/**
 * Runs kysely-codegen on a migrated database, as .kysely-codegenrc.json says: writes the row types to
 * libs/server/src/core/database/schema.ts, or with `--verify` throws (the difference on stdout) where they differ.
 */
export function kyselyCodegen(databaseUrl: string, flags: string[], stdio: 'inherit' | 'pipe' = 'inherit'): string {
  const output = execFileSync(process.execPath, [require.resolve('kysely-codegen/dist/cli/bin.js'), '--url', databaseUrl, ...flags], {
    stdio,
    encoding: 'utf8',
  });
  return output ?? '';
}
