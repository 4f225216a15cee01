import { Link } from 'react-router-dom';
import type { BattleReportKind } from '@runik/contract';
import { battleReportPath } from './battle-reports-api';

/** The link to a battle's full report (armies, boosts, seed and rolls), which allies can open too. */
export function BattleReportLink({ kind, id, className }: { kind: BattleReportKind; id: number; className?: string }) {
  return (
    <Link className={className} to={battleReportPath(kind, id)} data-testid="battle-report-link">
      Full report
    </Link>
  );
}
