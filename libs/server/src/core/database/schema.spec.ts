import { kyselyCodegen } from '../../testing/schema-types';
import { createTestDatabase, TestDatabase } from '../../testing/test-database';

describe('the generated row types (schema.ts)', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.drop());

  it('match the schema the migrations build (npm run db:types writes them)', () => {
    expect(() => kyselyCodegen(database.url, ['--verify'], 'pipe')).not.toThrow();
  });
});
