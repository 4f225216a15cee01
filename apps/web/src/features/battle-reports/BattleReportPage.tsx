import { useContext } from 'react';
import { useLocation, useParams } from 'react-router-dom';
import { battleReportParamsSchema, BattleReportMessages, type AttackBattleReport, type BattleReportResponse } from '@runik/contract';
import { apiErrorMessage, axiosErrorOf } from '../../api/http-client';
import { ReadLinkedNotificationsContext } from '../../shared/linked-notifications';
import { useSession } from '../../shared/use-session';
import { StatePanel } from '../../ui/StatePanel';
import { BattlePlayback } from '../../shared/battle/battle-playback';
import { useBattleReport } from '../../shared/battle/battle-reports-api';
import { BattleReportTexts } from './battle-report-texts';
import { AttackDetails, CitadelDetails, ThroneDetails } from './BattleDetails';
import { BattleSide } from './BattleSide';
import { verdictSentence } from '../../shared/battle/battle-verdict';
import { BattleScene, type SceneArmy } from '../../shared/battle/BattleScene';
import './battle-reports.css';

/** A battle's report at /battles/{kind}/{id}: both sides, the draws that decided it, losses and loot. */
export function BattleReportPage() {
  const params = battleReportParamsSchema.safeParse(useParams());
  const kind = params.success ? params.data.kind : 'attack';
  const id = params.success ? params.data.id : 0;
  const report = useBattleReport(kind, id, params.success);
  const username = useSession()?.hiveUsername;
  const { pathname } = useLocation();
  // The report is read: so are the notifications that link to it.
  const ReadItsNotifications = useContext(ReadLinkedNotificationsContext);

  if (!params.success) return <StatePanel error>{params.error.issues[0].message}</StatePanel>;
  if (report.isError) {
    // A refusal (403, 404) would only repeat; a failed connection or server may pass on a retry.
    const status = axiosErrorOf(report.error)?.response?.status;
    const refused = status !== undefined && status < 500;
    return (
      <StatePanel error onRetry={refused ? undefined : () => void report.refetch()}>
        {apiErrorMessage(report.error, BattleReportMessages.loadFailed)}
      </StatePanel>
    );
  }
  if (!report.data) return <StatePanel>{BattleReportTexts.loading}</StatePanel>;
  return (
    <>
      {username && <ReadItsNotifications username={username} path={pathname} />}
      <BattleReportView report={report.data} reader={username ?? null} />
    </>
  );
}

function BattleReportView({ report, reader }: { report: BattleReportResponse; reader: string | null }) {
  return (
    <article className="battle-report" aria-labelledby="battle-report-title">
      <header className="battle-report__header">
        <h1 id="battle-report-title">{BattleReportTexts.title(report)}</h1>
        <time dateTime={report.foughtAt} data-testid="fought-at">
          {new Date(report.foughtAt).toLocaleString()}
        </time>
        {report.kind === 'attack' && <RaidVerdict report={report} reader={reader} />}
      </header>
      <BattlePlayback>
        {report.kind === 'attack' && (
          <>
            <RaidScene report={report} reader={reader} />
            <BattleSide
              role={BattleReportTexts.attacker}
              name={report.attacker.fighters[0].hiveUsername}
              side={report.attacker}
              won={report.winner === 'attacker'}
            />
            <BattleSide
              role={BattleReportTexts.defender}
              name={report.defender.fighters[0].hiveUsername}
              side={report.defender}
              won={report.winner === 'defender'}
            />
            <AttackDetails report={report} />
          </>
        )}
        {report.kind === 'citadel' && (
          <>
            <BattleSide
              role={BattleReportTexts.attacker}
              name={report.attacker.fighters[0].hiveUsername}
              side={report.attacker}
              won={report.bossHpAfter === 0}
            />
            <CitadelDetails report={report} />
          </>
        )}
        {report.kind === 'throne' && (
          <>
            <BattleSide
              role={BattleReportTexts.attacker}
              name={allianceName(report.attacker.alliance)}
              side={report.attacker}
              won={report.winner === 'attacker'}
            />
            <BattleSide
              role={BattleReportTexts.defender}
              name={allianceName(report.defender.alliance)}
              side={report.defender}
              won={report.winner === 'defender'}
              empty={BattleReportTexts.noDefenders}
            />
            <ThroneDetails />
          </>
        )}
      </BattlePlayback>
    </article>
  );
}

/** The raid told in one sentence, to "you" when the reader fought in it. */
function RaidVerdict({ report, reader }: { report: AttackBattleReport; reader: string | null }) {
  const attacker = report.attacker.fighters[0].hiveUsername;
  const defender = report.defender.fighters[0].hiveUsername;
  const side = reader === attacker ? 'attacker' : reader === defender ? 'defender' : null;
  return (
    <p className="battle-report__verdict" data-testid="battle-verdict">
      {verdictSentence({ verdict: report.verdict, winner: report.winner, attacker, defender, reader: side })}
    </p>
  );
}

/** The raid drawn: both armies, the outcome as the reader lived it, the loot carried home. */
function RaidScene({ report, reader }: { report: AttackBattleReport; reader: string | null }) {
  const attacker = sceneArmy(report.attacker);
  const defender = sceneArmy(report.defender);
  const winnerName = report.winner === 'attacker' ? attacker.name : defender.name;
  const side = reader === attacker.name ? 'attacker' : reader === defender.name ? 'defender' : null;
  const outcome = side === null ? `${winnerName} won` : side === report.winner ? 'Victory' : 'Defeat';
  return <BattleScene attacker={attacker} defender={defender} winner={report.winner} outcome={outcome} loot={report.loot} />;
}

function sceneArmy(side: AttackBattleReport['attacker']): SceneArmy {
  const fighter = side.fighters[0];
  const count = (army: { infantry: number; archers: number; cavalries: number }) => army.infantry + army.archers + army.cavalries;
  return { name: fighter.hiveUsername, troops: count(fighter.army), fallen: count(fighter.dead) + count(fighter.injured) };
}

function allianceName(alliance: { name: string; tag: string } | null): string {
  return alliance ? `[${alliance.tag}] ${alliance.name}` : '—';
}
