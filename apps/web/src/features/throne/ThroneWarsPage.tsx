import { useState } from 'react';
import type { ThroneRally, ThroneStatusResponse, ThroneUserResponse } from '@runik/contract';
import { noTroops, type Troops } from '@runik/rules';
import { useSession } from '../../shared/use-session';
import { ThroneIcon } from '../../ui/icons/SymbolIcons';
import { StatePanel } from '../../ui/StatePanel';
import { CityClock } from '../../shared/city-clock';
import { GarrisonDetails } from './GarrisonDetails';
import { AllianceRallies, IncomingRallies } from './RallySections';
import { ThroneActions, type ActionModal } from './ThroneActions';
import { useThroneStatus, useThroneTroops, useThroneUser } from './throne-api';
import { ThroneMessageLine } from './ThroneMessageLine';
import { allianceRallies, throneRole, voteControl } from './throne-roles';
import { ThroneStatusPanel } from './ThroneStatusPanel';
import { ThroneTexts } from './throne-texts';
import { CreateRallyModal, GarrisonModal, JoinRallyModal, RecallModal, SoloAttackModal } from './ThroneTroopModals';
import { TroopsAndRewards } from './TroopsAndRewards';
import type { ThroneFeedback } from './use-throne-action';
import { VoteModal } from './VoteModal';
import './throne.css';

/** Throne Wars (spec section 2): vote for the battle time, then take and hold the throne. */
export function ThroneWarsPage() {
  const username = useSession()?.hiveUsername ?? null;
  return (
    <section className="throne" aria-labelledby="throne-title">
      <h1 id="throne-title" className="throne__title">
        <ThroneIcon /> Throne Wars
      </h1>
      {username ? <ThroneWarsLoader username={username} /> : <StatePanel>{ThroneTexts.logIn}</StatePanel>}
    </section>
  );
}

/** The page needs the war and the player's alliance before it can tell what the player may do. */
function ThroneWarsLoader({ username }: { username: string }) {
  const status = useThroneStatus();
  const profile = useThroneUser(username);
  // Loaded alongside, but not waited for: the page works without the troop counts.
  const troops = useThroneTroops(username);
  if (status.data && profile.data) return <ThroneWarsView status={status.data} profile={profile.data} available={troops.data?.available} />;
  const failed = [status, profile].find((query) => query.isError);
  if (failed) {
    return (
      <StatePanel error onRetry={() => void failed.refetch()}>
        {ThroneTexts.loadFailed}
      </StatePanel>
    );
  }
  return <StatePanel>{ThroneTexts.loading}</StatePanel>;
}

type OpenModal = { kind: ActionModal } | { kind: 'join'; rally: ThroneRally } | null;

interface ThroneWarsViewProps {
  status: ThroneStatusResponse;
  profile: ThroneUserResponse;
  available: Troops | undefined;
}

function ThroneWarsView({ status, profile, available }: ThroneWarsViewProps) {
  const username = profile.hiveUsername;
  const [message, setMessage] = useState<ThroneFeedback | null>(null);
  const [modal, setModal] = useState<OpenModal>(null);
  const war = status.throneWars;
  const role = throneRole(war, profile);
  const closeModal = () => setModal(null);
  const modalProps = { username, available: available ?? noTroops(), report: setMessage, onClose: closeModal };

  return (
    <CityClock>
      <div className="throne-layout">
        <ThroneStatusPanel status={status} />
        <ThroneActions
          role={role}
          vote={voteControl(war, profile)}
          battleActive={war?.status === 'active'}
          onOpen={(kind) => setModal({ kind })}
        />
        {war && war.status !== 'completed' && role.allianceId !== null && (
          <AllianceRallies
            rallies={allianceRallies(war, role.allianceId)}
            role={role}
            report={setMessage}
            onJoin={(rally) => setModal({ kind: 'join', rally })}
          />
        )}
        {role.isOccupier && <GarrisonDetails />}
        {war && war.status !== 'completed' && <IncomingRallies rallies={war.activeAttacks} />}
        <TroopsAndRewards available={available} />
        <ThroneMessageLine message={message} />
      </div>
      {modal?.kind === 'vote' && war && (
        <VoteModal username={username} votes={war.votingPhase.votes} report={setMessage} onClose={closeModal} />
      )}
      {modal?.kind === 'garrison' && <GarrisonModal {...modalProps} />}
      {modal?.kind === 'solo' && <SoloAttackModal {...modalProps} />}
      {modal?.kind === 'create-rally' && <CreateRallyModal {...modalProps} />}
      {modal?.kind === 'join' && <JoinRallyModal {...modalProps} rally={modal.rally} />}
      {modal?.kind === 'recall' && <RecallModal {...modalProps} />}
    </CityClock>
  );
}
