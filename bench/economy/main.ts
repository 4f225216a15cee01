/**
 * `npm run economy -- --days 60 --bots 1000 --seed 1`: the game's economy played by bots at
 * accelerated time, on the rules alone (`@runik/rules`: no HTTP, no database), with a RUNIK
 * ledger of its own checked for conservation every day. Prints every day's figures and the issue's
 * targets, and writes the charts (SVG) and the same tables (report.md) to the output folder.
 * Exits 1 when a day's conservation check fails. bench/README.md describes the bots.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { printTextTable } from '../load';
import { DEFAULT_ALTS_PER_FARMER } from './archetypes';
import { writeCharts } from './charts';
import { constantsFromFile, rulesConstants } from './constants';
import { DAY_HEADER, dayRow, markdownReport, summarize, targetRows } from './report';
import { ConservationError, simulate } from './simulation';

const USAGE = `Usage: npm run economy -- [--days N] [--bots N] [--seed N] [--alts N] [--constants FILE] [--out DIR]
  --days       game days to play (default 60)
  --bots       bots, free alts included (default 1000)
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
      days: { type: 'string', default: '60' },
      bots: { type: 'string', default: '1000' },
      seed: { type: 'string', default: '1' },
      alts: { type: 'string', default: String(DEFAULT_ALTS_PER_FARMER) },
      constants: { type: 'string' },
      out: { type: 'string', default: 'docs/economy' },
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
  };

  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const result = simulate(options);
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;

  printTextTable(DAY_HEADER, result.days.map(dayRow));
  console.log('');
  printTextTable(['target', 'figure', 'wanted', 'met'], targetRows(summarize(result)));
  console.log(`\n${options.days} days, ${options.bots} bots, seed ${options.seed}: simulated in ${seconds.toFixed(1)} s (${cpuSeconds.toFixed(1)} s of CPU); RUNIK conserved every day.`);

  mkdirSync(values.out, { recursive: true });
  const charts = await writeCharts(result.days, values.out);
  writeFileSync(join(values.out, 'report.md'), markdownReport(result, values.constants ?? 'the rules', charts));
  console.log(`Report and charts written to ${values.out}/ (report.md, ${charts.join(', ')}).`);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConservationError ? `CONSERVATION FAILED: ${error.message}` : error);
  process.exit(1);
});
