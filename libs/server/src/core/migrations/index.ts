import { Foundation1763700000000 } from './1763700000000-foundation';

/** Every migration, in order. TypeORM never synchronizes the schema. */
export const migrations = [Foundation1763700000000];
