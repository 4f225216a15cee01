import { Inject, Injectable } from '@nestjs/common';
import { Client, ExtendedAccount } from '@hiveio/dhive';
import { parseHiveAsset } from '@runik/rules';
import { APP_CONFIG } from '../core/config/config.module';
import type { AppConfig } from '../core/config/app-config';

export interface MedianPrice {
  /** HBD per `quoteThousandths` HIVE, both in thousandths. */
  baseHbdThousandths: number;
  quoteHiveThousandths: number;
}

/** The Hive node (condenser_api over JSON-RPC); dhive handles timeouts and retries with back-off. */
@Injectable()
export class HiveNodeClient {
  private readonly client: Client;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.client = new Client([config.HIVE_NODE_URL], { timeout: config.CHAIN_TIMEOUT_MS, failoverThreshold: 3 });
  }

  async getAccount(username: string): Promise<ExtendedAccount | null> {
    const [account] = await this.client.database.getAccounts([username]);
    return account ?? null;
  }

  /** The HIVE/USD feed; read raw so the amounts are parsed exactly, never as floats. */
  async getMedianPrice(): Promise<MedianPrice> {
    const raw: { base: string; quote: string } = await this.client.call('condenser_api', 'get_current_median_history_price', []);
    const base = parseHiveAsset(raw.base);
    const quote = parseHiveAsset(raw.quote);
    if (!base || !quote || base.symbol !== 'HBD' || quote.symbol !== 'HIVE') {
      throw new Error(`Unexpected median price from the Hive node: ${JSON.stringify(raw)}`);
    }
    return { baseHbdThousandths: base.thousandths, quoteHiveThousandths: quote.thousandths };
  }
}
