import { Foundation1763700000000 } from './1763700000000-foundation';
import { City1763800000000 } from './1763800000000-city';

/** Every migration, in order. TypeORM never synchronizes the schema. */
export const migrations = [Foundation1763700000000, City1763800000000];
