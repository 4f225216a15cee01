/**
 * `npm run economy -- --days 365 --bots 1000 --seed 1`: the game's economy played by bots at
 * accelerated time, on the rules alone (`@runik/rules`: no HTTP, no database), with a RUNIK
 * ledger of its own checked for conservation every day, a treasury of RNK and SWAP.HIVE and the
 * day's emission budget. The default scenario is played here; the stress scenarios (scenarios.ts)
 * side by side in worker processes. Prints every day's figures, the pass criteria in every scenario
 * and the targets, and writes the charts (SVG) and the same tables (report.md) to the
 * output folder. Exits 1 when a criterion fails or a day's conservation check does.
 * bench/README.md describes the bots.
 */
import { ChildProcess, fork } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { printTextTable } from '../load';
import { DEFAULT_ALTS_PER_FARMER } from './archetypes';
import { writeCharts } from './charts';
import { constantsFromFile, EconomyConstants, rulesConstants } from './constants';
import { failedCriteria, ScenarioSummary, summarizeScenario } from './criteria';
import {
  CRITERIA_HEADER,
  criteriaRow,
  DAY_HEADER,
  dayRow,
  markdownReport,
  SCENARIO_HEADER,
  scenarioRow,
  summarize,
  targetRows,
  TREASURY_HEADER,
  treasuryRow,
} from './report';
import { Scenario, STRESS_SCENARIOS } from './scenarios';
import { ConservationError, simulate } from './simulation';
import { Plant, PlantKind } from './world';

const USAGE = `Usage: npm run economy -- [--days N] [--bots N] [--stress-bots N] [--seed N] [--alts N] [--constants FILE] [--out DIR]
  --days       game days to play (default 365)
  --bots       bots of the default scenario, free alts included (default 1000)
  --stress-bots  bots of each stress scenario (default a quarter of --bots, at least 100)
  --seed       seed of every choice and battle (default 1)
  --alts       free alts per farmer (default ${DEFAULT_ALTS_PER_FARMER})
  --constants  JSON file of constants replacing the rules' (see bench/economy/proposed-constants.json)
  --out        folder for report.md and the charts (default docs/economy)`;

function wholeNumber(name: string, text: string, least: number): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value < least) {
    console.error(`--${name} must be a whole number of at least ${least}\n${USAGE}`);
    process.exit(2);
  }
  return value;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      days: { type: 'string', default: '365' },
      bots: { type: 'string', default: '1000' },
      'stress-bots': { type: 'string' },
      seed: { type: 'string', default: '1' },
      alts: { type: 'string', default: String(DEFAULT_ALTS_PER_FARMER) },
      constants: { type: 'string' },
      out: { type: 'string', default: 'docs/economy' },
      // For tests only (economy.spec.ts): a breach planted in every scenario, e.g. coverage:3 (world.ts, Plant).
      plant: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const options = {
    days: wholeNumber('days', values.days, 1),
    bots: wholeNumber('bots', values.bots, 1),
    seed: wholeNumber('seed', values.seed, 0),
    altsPerFarmer: wholeNumber('alts', values.alts, 0),
    constants: values.constants ? constantsFromFile(values.constants) : rulesConstants(),
    plant: values.plant ? plantOf(values.plant) : undefined,
  };

  const stressBots = values['stress-bots']
    ? wholeNumber('stress-bots', values['stress-bots'], 1)
    : Math.max(100, Math.floor(options.bots / 4));

  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  // The workers start first: the default scenario then runs here while they play theirs.
  const stress = runInWorkers(STRESS_SCENARIOS, {
    days: options.days,
    bots: stressBots,
    seed: options.seed,
    constants: options.constants,
    plant: options.plant,
  });
  const result = simulate(options);
  const summaries = [summarizeScenario(result), ...(await stress)];
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;

  printTextTable(DAY_HEADER, result.days.map(dayRow));
  console.log('');
  printTextTable(TREASURY_HEADER, result.days.map(treasuryRow));
  console.log('');
  printTextTable(['target', 'figure', 'wanted', 'met'], targetRows(summarize(result)));
  console.log('');
  printTextTable(SCENARIO_HEADER, summaries.map(scenarioRow));
  console.log('');
  printTextTable(CRITERIA_HEADER, summaries.map(criteriaRow));
  console.log(
    `\n${options.days} days, seed ${options.seed}, ${options.bots} bots (stress scenarios ${stressBots}): simulated in ${seconds.toFixed(1)} s (${cpuSeconds.toFixed(1)} s of CPU in this process); RUNIK conserved every day.`,
  );

  mkdirSync(values.out, { recursive: true });
  const charts = await writeCharts(result.days, values.out);
  writeFileSync(join(values.out, 'report.md'), markdownReport(result, values.constants ?? 'the rules', charts, summaries));
  console.log(`Report and charts written to ${values.out}/ (report.md, ${charts.join(', ')}).`);
  const failed = failedCriteria(summaries);
  if (failed.length > 0) {
    console.error(`PASS CRITERIA FAILED:\n${failed.join('\n')}`);
    process.exit(1);
  }
  console.log('Every pass criterion met in every scenario.');
}

interface Job {
  days: number;
  bots: number;
  seed: number;
  constants: EconomyConstants;
  plant?: Plant;
}

const PLANTS: PlantKind[] = ['over-budget', 'over-share', 'game-only-withdrawn', 'coverage', 'game-cap'];

function plantOf(text: string): Plant {
  const [kind, day] = text.split(':');
  if (!PLANTS.includes(kind as PlantKind) || !Number.isSafeInteger(Number(day))) {
    console.error(`--plant must be one of ${PLANTS.join(', ')} and a day, e.g. coverage:3`);
    process.exit(2);
  }
  return { kind: kind as PlantKind, day: Number(day) };
}

/**
 * Plays the scenarios in worker processes, one a core but the one this process uses (each worker
 * plays one scenario after another: starting one costs seconds); summaries in the scenarios' order.
 */
async function runInWorkers(scenarios: Scenario[], job: Job): Promise<ScenarioSummary[]> {
  const summaries = new Array<ScenarioSummary>(scenarios.length);
  let next = 0;
  const worker = async () => {
    const child = fork(join(__dirname, 'scenario-worker.ts'), { execArgv: ['-r', '@swc-node/register'] });
    try {
      while (next < scenarios.length) {
        const index = next++;
        summaries[index] = await play(child, { ...job, scenario: scenarios[index] });
      }
    } finally {
      child.kill();
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(scenarios.length, availableParallelism() - 1)) }, worker));
  return summaries;
}

function play(child: ChildProcess, job: Job & { scenario: Scenario }): Promise<ScenarioSummary> {
  return new Promise((resolve, reject) => {
    const exited = (code: number | null) => reject(new Error(`The worker playing ${job.scenario.name} exited (${code})`));
    child.once('exit', exited);
    child.once('message', (answer: { summary?: ScenarioSummary; error?: string }) => {
      child.off('exit', exited);
      if (answer.summary) resolve(answer.summary);
      else reject(new Error(`${job.scenario.name}: ${answer.error}`));
    });
    child.send(job);
  });
}

main().catch((error: unknown) => {
  console.error(error instanceof ConservationError ? `CONSERVATION FAILED: ${error.message}` : error);
  process.exit(1);
});
