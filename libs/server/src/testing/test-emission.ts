import { DataSource } from 'typeorm';
import { formatDecimal, RNK_DECIMALS } from '@runik/rules';
import type { EngineBalance, HiveEngineClient } from '../chain/hive-engine.client';
import { Clock } from '../core/clock/clock';
import { loadAppConfig } from '../core/config/app-config';
import { EmissionBudget } from '../emission/emission-budget';
import { TreasuryService } from '../wallet/treasury.service';

/**
 * The emission budget for a test below HTTP, with settings from `env` (validated as at start). Its
 * treasury reads what `setTreasuryRnk` says the game account holds: the budget's SQL is what such a
 * test checks; hive-sim's real answers are the system tests' (apps/e2e).
 */
export function testEmission(dataSource: DataSource, clock: Clock, env: Record<string, string> = {}) {
  const config = loadAppConfig({ GAME_ACCOUNT: 'runik.game', ...env });
  let treasuryRnk: number | null = 0;
  const engine = {
    tokenBalance: async () => {
      if (treasuryRnk === null) throw new Error('Hive Engine cannot be reached');
      return { balance: formatDecimal(treasuryRnk, RNK_DECIMALS) } as EngineBalance;
    },
  } as unknown as HiveEngineClient;
  const emission = new EmissionBudget(dataSource, config, new TreasuryService(dataSource, config, engine), clock);
  return {
    config,
    emission,
    /** null: Hive Engine cannot be reached. */
    setTreasuryRnk(thousandths: number | null): void {
      treasuryRnk = thousandths;
    },
  };
}
