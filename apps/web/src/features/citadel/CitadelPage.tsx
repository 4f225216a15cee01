import { useState } from 'react';
import { CitadelMessages, type CitadelUserResponse } from '@runik/contract';
import { toUserMessage } from '../../shared/errors';
import { useSession } from '../../shared/use-session';
import { StatePanel } from '../../ui/StatePanel';
import { CityClock } from '../../shared/city-clock';
import { AccessDenied } from './AccessDenied';
import { CitadelArt } from './CitadelArt';
import { AttackPanel } from './AttackPanel';
import { BossPanel } from './BossPanel';
import { useCitadelFloor, useCitadelProgress } from './citadel-api';
import { CitadelTexts } from './citadel-texts';
import { FloorNav } from './FloorNav';
import { ParticipantsPanel } from './ParticipantsPanel';
import { ProgressPanel } from './ProgressPanel';
import { RewardHistoryModal } from './RewardHistoryModal';
import { useCitadelAttack } from './use-citadel-attack';
import './citadel.css';

/** The Abyssal Citadel (spec section 2): floors, the boss, the damage ranking, attacks and rewards. */
export function CitadelPage() {
  const username = useSession()?.hiveUsername ?? null;
  const [showRewards, setShowRewards] = useState(false);
  return (
    <section className="citadel" aria-labelledby="citadel-title">
      <header className="citadel__header">
        <h1 id="citadel-title" className="citadel__title">
          Abyssal Citadel
        </h1>
        {username && (
          <button type="button" className="button" onClick={() => setShowRewards(true)}>
            Reward History
          </button>
        )}
      </header>
      {username ? <CitadelView username={username} /> : <StatePanel>{CitadelTexts.logIn}</StatePanel>}
      {username && showRewards && <RewardHistoryModal username={username} onClose={() => setShowRewards(false)} />}
    </section>
  );
}

function CitadelView({ username }: { username: string }) {
  const progress = useCitadelProgress(username);
  if (progress.data) return <CitadelFloors username={username} progress={progress.data} />;
  if (progress.isError) {
    return (
      <StatePanel error onRetry={() => void progress.refetch()}>
        {toUserMessage(progress.error, CitadelMessages.failedProgress)}
      </StatePanel>
    );
  }
  return <StatePanel>{CitadelTexts.loadingProgress}</StatePanel>;
}

/** Everything once the player's progress is known: the page starts on the global current floor. */
function CitadelFloors({ username, progress }: { username: string; progress: CitadelUserResponse }) {
  // null follows the global current floor; a number is a floor the player chose (or attacked).
  const [chosenFloor, setChosenFloor] = useState<number | null>(null);
  const viewed = chosenFloor ?? progress.globalCurrentFloor;
  const floor = useCitadelFloor(viewed);
  const attack = useCitadelAttack(username);

  const goTo = (target: number) => {
    setChosenFloor(Math.max(1, target));
    attack.clear();
  };
  // The attacked floor stays in view when its fall moves the current floor on.
  const attackViewed = () => {
    setChosenFloor(viewed);
    attack.attack(viewed);
  };

  return (
    <CityClock>
      <CitadelArt floor={viewed} />
      <div className="citadel-layout">
        <div className="citadel-layout__nav">
          <FloorNav floor={viewed} currentFloor={progress.globalCurrentFloor} onGo={goTo} />
        </div>
        {floor.data?.locked ? (
          <div className="citadel-layout__boss">
            <AccessDenied message={floor.data.message} onBack={() => goTo(progress.globalCurrentFloor)} />
          </div>
        ) : floor.data ? (
          <>
            <div className="citadel-layout__boss">
              <BossPanel floor={floor.data.floor} username={username}>
                <AttackPanel progress={progress} floor={floor.data.floor} attack={attack} onAttack={attackViewed} onGoToFloor={goTo} />
              </BossPanel>
            </div>
            <div className="citadel-layout__participants">
              <ParticipantsPanel key={viewed} floor={floor.data.floor} username={username} />
            </div>
          </>
        ) : (
          <div className="citadel-layout__boss">
            {floor.isError ? (
              <StatePanel error onRetry={() => void floor.refetch()}>
                {toUserMessage(floor.error, CitadelMessages.failedFloor)}
              </StatePanel>
            ) : (
              <StatePanel>{CitadelTexts.loadingFloor}</StatePanel>
            )}
          </div>
        )}
        <div className="citadel-layout__progress">
          <ProgressPanel progress={progress} username={username} />
        </div>
      </div>
    </CityClock>
  );
}
