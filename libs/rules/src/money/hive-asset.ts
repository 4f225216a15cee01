import { parseDecimal } from './amount';

/** A Hive asset string such as "100.000 HIVE" or "0.250 HBD": always 3 decimals on Hive. */
export interface HiveAsset {
  thousandths: number;
  symbol: string;
}

const ASSET = /^(\d+\.\d{3}) ([A-Z]{3,5})$/;

export function parseHiveAsset(text: string): HiveAsset | null {
  const match = ASSET.exec(text);
  if (!match) return null;
  const thousandths = parseDecimal(match[1], 3);
  return thousandths === null ? null : { thousandths, symbol: match[2] };
}
