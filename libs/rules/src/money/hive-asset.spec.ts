import { ceilDiv } from './amount';
import { parseHiveAsset } from './hive-asset';

describe('parseHiveAsset', () => {
  it('parses Hive asset strings exactly', () => {
    expect(parseHiveAsset('100.000 HIVE')).toEqual({ thousandths: 100_000, symbol: 'HIVE' });
    expect(parseHiveAsset('0.250 HBD')).toEqual({ thousandths: 250, symbol: 'HBD' });
  });

  it.each(['100 HIVE', '1.00 HIVE', '1.0000 HIVE', '-1.000 HIVE', '1.000', '1.000 hive', 'HIVE 1.000'])('refuses %j', (text) =>
    expect(parseHiveAsset(text)).toBeNull(),
  );
});

describe('ceilDiv', () => {
  it('rounds up only when there is a remainder', () => {
    expect(ceilDiv(10n, 5n)).toBe(2n);
    expect(ceilDiv(11n, 5n)).toBe(3n);
    expect(ceilDiv(0n, 5n)).toBe(0n);
  });
});
