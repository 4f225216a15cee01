import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { AppRoutes, type NextThroneWarResponse, type ThroneStatusResponse } from '@runik/contract';
import { formatCountdown, MILITARY_BUILDING_KEYS } from '@runik/rules';
import { useArmy } from '../../features/attack/attack-api';
import { useCitadelProgress } from '../../features/citadel/citadel-api';
import { useCity, useCityConstants } from '../../features/city/city-api';
import { militaryInfo } from '../../features/city/city-catalog';
import { activeQueueEntry, type CityState } from '../../features/city/city-state';
import { useQuests } from '../../features/city/quests/quests-api';
import { useNextWar, useThroneStatus } from '../../features/throne/throne-api';
import { attackKeys, citadelKeys, questKeys } from '../../shared/query-keys';
import { useNow } from '../../shared/city-clock';
import { useRefreshWhenDue } from '../../shared/due-refresh';
import { Card } from '../../ui/Card';
import { Countdown } from '../../ui/Countdown';
import { AwaySummary } from './AwaySummary';
import { CityAnchors } from './city-anchors';
import { WhatsNextTexts as Texts } from './whats-next-messages';
import './whats-next.css';

/** The top of the City (issue 45, item 5): "while you were away" after an absence, then "What's next". */
export function CityTopPanel({ username }: { username: string }) {
  const city = useCity(username, { alsoShown: true }).data;
  if (!city) return null;
  return (
    <>
      <AwaySummary username={username} city={city} />
      <WhatsNextPanel username={username} city={city} />
    </>
  );
}

/**
 * The player's timers in one place: harvest, training, the next attack charge, the daily quests' reset, the
 * citadel's and the throne war's next change, each with a link to where to act. Each counts down live and, when
 * it is due, the data behind it is read again (shared/due-refresh), so the line moves on without a reload.
 */
export function WhatsNextPanel({ username, city }: { username: string; city: CityState }) {
  return (
    <Card title={Texts.title} titleId="whats-next-title" className="whats-next" testId="whats-next">
      <ul className="whats-next__list">
        <HarvestLine city={city} />
        <TrainingLines city={city} />
        <AttackLine username={username} />
        <QuestsLine username={username} />
        <CitadelLine username={username} />
        <ThroneLine />
      </ul>
    </Card>
  );
}

interface LineProps {
  testId: string;
  label: ReactNode;
  /** The countdown or state beside the label. */
  state: ReactNode;
  /** A route of the app, or an anchor of the City (`#id`). */
  to: string;
  action: string;
}

function Line({ testId, label, state, to, action }: LineProps) {
  return (
    <li className="whats-next__line" data-testid={testId}>
      <span className="whats-next__label">{label}</span>
      <span className="whats-next__state">{state}</span>
      {to.startsWith('#') ? (
        <a className="whats-next__link" href={to}>
          {action}
        </a>
      ) : (
        <Link className="whats-next__link" to={to}>
          {action}
        </Link>
      )}
    </li>
  );
}

function Timer({ at, passed, testId }: { at: number; passed: string; testId: string }) {
  return <Countdown to={at} format={formatCountdown} passed={passed} className="whats-next__timer" testId={testId} />;
}

function HarvestLine({ city }: { city: CityState }) {
  const now = useNow();
  const readyAt = city.nextHarvestAt !== null && city.nextHarvestAt > now ? city.nextHarvestAt : null;
  return (
    <Line
      testId="next-harvest"
      label={Texts.harvest}
      state={
        readyAt !== null ? (
          <>
            {Texts.harvestReadyIn} <Timer at={readyAt} passed={Texts.harvestReady} testId="next-harvest-timer" />
          </>
        ) : (
          Texts.harvestReady
        )
      }
      to={`#${CityAnchors.resources}`}
      action={Texts.harvestLink}
    />
  );
}

function TrainingLines({ city }: { city: CityState }) {
  const now = useNow();
  const constants = useCityConstants().data;
  if (!constants) return null;
  const running = MILITARY_BUILDING_KEYS.flatMap((key) => {
    const entry = activeQueueEntry(city, key, now);
    return entry ? [{ key, entry, info: militaryInfo(constants, key) }] : [];
  });
  if (running.length === 0)
    return (
      <Line
        testId="next-training"
        label={Texts.trainingNone}
        state={null}
        to={`#${CityAnchors.building(MILITARY_BUILDING_KEYS[0])}`}
        action={Texts.trainingLink}
      />
    );
  return (
    <>
      {running.map(({ key, entry, info }) => (
        <Line
          key={key}
          testId={`next-training-${key}`}
          label={Texts.training(entry.count, info.unit)}
          state={
            <>
              {Texts.trainingDoneIn} <Timer at={entry.completionAt} passed={Texts.trainingDone} testId={`next-training-${key}-timer`} />
            </>
          }
          to={`#${CityAnchors.building(key)}`}
          action={Texts.trainingOpen(info.name)}
        />
      ))}
    </>
  );
}

function AttackLine({ username }: { username: string }) {
  const army = useArmy(username).data;
  // The charge's count comes from the server once it is due, as on the Attack screen.
  useRefreshWhenDue([army?.nextRegenAt ?? null], [attackKeys.army(username)]);
  if (!army) return null;
  return (
    <Line
      testId="next-attack"
      label={Texts.attack(army.attacksRemaining, army.attacksMax)}
      state={
        army.nextRegenAt === null ? (
          Texts.attackFull
        ) : (
          <>
            {Texts.attackNextIn} <Timer at={army.nextRegenAt} passed={Texts.attackSoon} testId="next-attack-timer" />
          </>
        )
      }
      to={AppRoutes.attack}
      action={Texts.attackLink}
    />
  );
}

function QuestsLine({ username }: { username: string }) {
  const quests = useQuests(username, { alsoShown: true }).data;
  const resetAt = quests ? Date.parse(quests.dailyResetsAt) : NaN;
  useRefreshWhenDue([Number.isFinite(resetAt) ? resetAt : null], [questKeys.of(username)]);
  if (!Number.isFinite(resetAt)) return null;
  return (
    <Line
      testId="next-quests"
      label={Texts.quests}
      state={
        <>
          {Texts.questsResetIn} <Timer at={resetAt} passed={Texts.questsReset} testId="next-quests-timer" />
        </>
      }
      to={`#${CityAnchors.quests}`}
      action={Texts.questsLink}
    />
  );
}

function CitadelLine({ username }: { username: string }) {
  const progress = useCitadelProgress(username).data;
  const resetAt = progress ? Date.parse(progress.nextResetAt) : NaN;
  useRefreshWhenDue([Number.isFinite(resetAt) ? resetAt : null], [citadelKeys.progress(username)]);
  if (!progress || !Number.isFinite(resetAt)) return null;
  return (
    <Line
      testId="next-citadel"
      label={Texts.citadel(progress.globalCurrentFloor)}
      state={
        <>
          {Texts.citadelResetIn} <Timer at={resetAt} passed={Texts.citadelReset} testId="next-citadel-timer" />
        </>
      }
      to={AppRoutes.abyssalcitadel}
      action={Texts.citadelLink}
    />
  );
}

/** The throne war's next change by the clock: what it is and when (null when no instant is known). */
export function throneNextEvent(
  status: ThroneStatusResponse,
  next: NextThroneWarResponse | undefined,
): { phase: string; at: number | null } | null {
  const war = status.throneWars;
  const phases = Texts.thronePhase;
  const at = (iso: string | null | undefined) => {
    const ms = iso ? Date.parse(iso) : NaN;
    return Number.isFinite(ms) ? ms : null;
  };
  if (war?.status === 'voting')
    return war.votingPhase.isOpen
      ? { phase: phases.votingClosesIn, at: at(war.votingPhase.closesAt) }
      : { phase: phases.votingOpensIn, at: at(war.votingPhase.opensAt) };
  if (war?.status === 'waiting')
    return war.battlePhase.startTime === null
      ? { phase: phases.battleTimeUndecided, at: null }
      : { phase: phases.battleStartsIn, at: at(war.battlePhase.startTime) };
  if (war?.status === 'active') return { phase: phases.battleEndsIn, at: at(war.battlePhase.endsAt) };
  if (next) return { phase: phases.nextVotingIn, at: at(next.votingStartsAt) };
  return null;
}

function ThroneLine() {
  const status = useThroneStatus({ poll: false }).data;
  const next = useNextWar().data;
  if (!status) return null;
  const event = throneNextEvent(status, next);
  return (
    <Line
      testId="next-throne"
      label={Texts.throne(event?.phase ?? Texts.throneNoWar)}
      state={event?.at != null ? <Timer at={event.at} passed={Texts.throneEventPassed} testId="next-throne-timer" /> : null}
      to={AppRoutes.thronewars}
      action={Texts.throneLink}
    />
  );
}
