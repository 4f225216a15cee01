// `npm run reset`: starts the development world over, the database and hive-sim's chain together (with `npm start`
// stopped). The chain follower's cursor lives in the database and names a block of the chain: removing one
// without the other leaves a follower on a chain that is not the one it recorded (it stops and says so).
import { rmSync } from 'node:fs';
import Redis from 'ioredis';
import { Client } from 'pg';
import { loadAppConfig } from '../libs/server/src/core/config/app-config';
import { DEV_CHAIN_FILE } from './dev-world.mjs';

async function main(): Promise<void> {
  const config = loadAppConfig();
  if (config.NODE_ENV === 'production') throw new Error('npm run reset is for development: it refuses NODE_ENV=production.');
  const chainFile = process.env['HIVE_SIM_CHAIN_FILE'] || DEV_CHAIN_FILE;

  const database = new URL(config.DATABASE_URL);
  const name = decodeURIComponent(database.pathname.slice(1));
  database.pathname = '/postgres';
  const admin = new Client({ connectionString: database.toString() });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${name.replace(/"/g, '""')}" WITH (FORCE)`);
  } finally {
    await admin.end();
  }
  console.log(`Dropped the database ${name} (npm start creates it again).`);

  // Queued jobs and short-lived keys name rows of the database just dropped.
  const redis = new Redis(config.REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  try {
    let removed = 0;
    // The game's own keys (REDIS_PREFIX:) and BullMQ's (REDIS_PREFIX-bull:).
    for (const match of [`${config.REDIS_PREFIX}:*`, `${config.REDIS_PREFIX}-bull:*`]) {
      for await (const keys of redis.scanStream({ match, count: 500 }) as AsyncIterable<string[]>) {
        if (keys.length > 0) removed += await redis.unlink(...keys);
      }
    }
    console.log(`Removed ${removed} Redis keys of REDIS_PREFIX ${config.REDIS_PREFIX}.`);
  } finally {
    redis.disconnect();
  }

  rmSync(chainFile, { force: true });
  console.log(`Removed hive-sim's chain (${chainFile}): the next npm start begins a new one.`);
}

main().catch((error: unknown) => {
  console.error(`npm run reset failed: ${(error as Error).message}`);
  process.exit(1);
});
