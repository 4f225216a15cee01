import { DataSource } from 'typeorm';
import { Clock } from '../core/clock/clock';
import { dataSourceOptions } from '../database';
import { LedgerService } from '../ledger/ledger.service';
import type { Asset } from '../ledger/ledger.types';

// Only the ledger and what it stands on: the system and browser tests grant through this (apps/e2e/src/support/city.ts),
// and the whole of @runik/server (Nest, every feature) would cost each of their files seconds of CPU to load.

/** Mints thousandths of an asset to a player through the game's own ledger, as production or a deposit would. */
export async function grantThroughLedger(databaseUrl: string, playerId: number, asset: Asset, thousandths: number): Promise<void> {
  const dataSource = await new DataSource(dataSourceOptions(databaseUrl, { max: 1 })).initialize();
  try {
    const ledger = new LedgerService(new Clock());
    await dataSource.transaction((manager) =>
      ledger.post(manager, {
        reason: 'test-grant',
        legs: [
          { account: { system: 'system:mint' }, asset, delta: -thousandths },
          { account: { playerId }, asset, delta: thousandths },
        ],
      }),
    );
  } finally {
    await dataSource.destroy();
  }
}
