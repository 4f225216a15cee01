import { startHiveSim } from './sim';

/** A non-negative integer from the environment, or undefined when unset. */
function envInteger(name: string): number | undefined {
  const text = process.env[name];
  if (text === undefined || text === '') return undefined;
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new Error(`${name} must be a non-negative integer, got ${JSON.stringify(text)}`);
  }
  return value;
}

async function main(): Promise<void> {
  const sim = await startHiveSim({
    port: envInteger('HIVE_SIM_PORT'),
    host: process.env['HIVE_SIM_HOST'] || undefined,
    password: process.env['HIVE_SIM_PASSWORD'] || undefined,
    engineDelayMs: envInteger('HIVE_SIM_ENGINE_DELAY_MS'),
    nodes: envInteger('HIVE_SIM_NODES'),
    hiveAuthTimeoutMs: envInteger('HIVE_SIM_HIVEAUTH_TIMEOUT_MS'),
    // Unset or empty: a fresh chain in memory (tests); `npm start` keeps its chain in tmp/hive-sim/chain.jsonl.
    chainFile: process.env['HIVE_SIM_CHAIN_FILE'] || undefined,
  });
  const chainFile = process.env['HIVE_SIM_CHAIN_FILE'];
  console.log(chainFile ? `hive-sim chain kept in ${chainFile} (npm run reset starts over)` : 'hive-sim chain: fresh, in memory');
  console.log(`hive-sim listening on ${sim.urls.join(', ')}`);
  const stop = (): void => {
    sim.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
