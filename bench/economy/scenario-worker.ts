/**
 * One scenario played in a process of its own (main.ts runs the stress scenarios side by side on
 * the machine's cores): receives the run's options, answers with its summary.
 */
import { EconomyConstants } from './constants';
import { summarizeScenario } from './criteria';
import { Scenario } from './scenarios';
import { simulate } from './simulation';
import { Plant } from './world';

interface Job {
  days: number;
  bots: number;
  seed: number;
  constants: EconomyConstants;
  scenario: Scenario;
  plant?: Plant;
}

process.on('message', (job: Job) => {
  const answer = (message: object) => process.send?.(message);
  try {
    answer({ summary: summarizeScenario(simulate(job)) });
  } catch (error) {
    answer({ error: String(error) });
  }
});
