import type { AttackBattleReport, CitadelBattleReport } from '@runik/contract';
import { formatAmount, formatPowerPoints, type Troops } from '@runik/rules';
import { TROOPS } from '../../shared/format';
import { StatList, StatRow } from '../../ui/StatList';
import { ToArrow } from '../../ui/icons/SymbolIcons';
import { LootList } from '../../shared/battle/BattleReport';
import { BattleReportTexts } from './battle-report-texts';

/**
 * A raid's loot, then its seed and every draw made from it (the rules replay the battle from seed and
 * armies), folded away: the verdict above tells the luck in words.
 */
export function AttackDetails({ report }: { report: AttackBattleReport }) {
  const { rolls } = report;
  return (
    <>
      <section className="battle-report__details panel" aria-label="Loot">
        <h2>Loot</h2>
        {report.lootPercent < 100 && <p data-testid="loot-percent">Low City Hall: {report.lootPercent}% of the loot</p>}
        <LootList loot={report.loot} prefix="loot" />
        <h3>Lost on the way home ({report.lootLostPercent}%)</h3>
        <LootList loot={report.lootLost} prefix="loot-lost" />
      </section>
      <details className="battle-report__details battle-report__rolls panel" data-testid="seed-and-rolls">
        <summary>Seed and rolls (to replay the battle)</summary>
        <StatList>
          <StatRow label="Seed" testId="seed">
            <code>{report.seed}</code>
          </StatRow>
          <StatRow label="Attacker luck" testId="attacker-luck">
            ×{formatDraw(rolls.attackerLuck, 4)}
          </StatRow>
          <StatRow label="Defender luck" testId="defender-luck">
            ×{formatDraw(rolls.defenderLuck, 4)}
          </StatRow>
          <StatRow label="Attacker loss draws" testId="attacker-draws">
            {formatDraws(rolls.attackerLosses)}
          </StatRow>
          <StatRow label="Defender loss draws" testId="defender-draws">
            {formatDraws(rolls.defenderLosses)}
          </StatRow>
        </StatList>
      </details>
    </>
  );
}

/** A boss attack has no draws: the attack number of the day sets the casualties. */
export function CitadelDetails({ report }: { report: CitadelBattleReport }) {
  return (
    <section className="battle-report__details panel" aria-label={BattleReportTexts.boss(report.floor)}>
      <h2>{BattleReportTexts.boss(report.floor)}</h2>
      <StatList>
        <StatRow label="Damage" testId="damage">
          {formatPowerPoints(report.damage)}
        </StatRow>
        <StatRow label="Boss HP" testId="boss-hp">
          {formatPowerPoints(report.bossHpBefore)} <ToArrow /> {formatPowerPoints(report.bossHpAfter)}
        </StatRow>
      </StatList>
      <p data-testid="rolls">{BattleReportTexts.citadelRolls(report.attackNumber)}</p>
    </section>
  );
}

export function ThroneDetails() {
  return (
    <section className="battle-report__details panel" aria-label="Seed and rolls">
      <p data-testid="rolls">{BattleReportTexts.throneRolls}</p>
    </section>
  );
}

/** A random draw to `decimals` places (rounded to the nearest, as the draw is no amount). */
function formatDraw(draw: number, decimals: number): string {
  return formatAmount(Math.round(draw * 10 ** decimals), { decimals });
}

/** Each troop type's draw: "Infantry 0.123456, Archers …". */
function formatDraws(draws: Troops): string {
  return TROOPS.map(({ key, label }) => `${label} ${formatDraw(draws[key], 6)}`).join(', ');
}
