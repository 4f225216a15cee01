import { ThroneMessages, type ThroneRally } from '@runik/contract';
import { noTroops, type Troops } from '@runik/rules';
import { postGarrison, postRallyCreate, postRallyJoin, postRecall, postSoloAttack, useGarrisonDetails } from './throne-api';
import { ThroneTexts } from './throne-texts';
import { TroopsModal } from './TroopsModal';
import { useThroneAction, type ReportMessage } from './use-throne-action';

interface TroopModalProps {
  username: string;
  available: Troops;
  report: ReportMessage;
  onClose: () => void;
}

/** Garrison Troops, for the alliance holding the throne (spec section 2). */
export function GarrisonModal({ username, available, report, onClose }: TroopModalProps) {
  const garrison = useThroneAction({
    request: postGarrison,
    success: () => ThroneMessages.garrisoned,
    fallback: ThroneMessages.garrisonFailed,
    report,
  });
  return (
    <TroopsModal
      title="Garrison Troops"
      submitLabel="Garrison"
      limits={available}
      username={username}
      action={garrison}
      onSubmit={(troops) => garrison.run({ hiveUsername: username, ...troops })}
      lingerOnSuccess={false}
      onClose={onClose}
      testId="garrison-modal"
    />
  );
}

/** Solo Attack, for everyone else: the same modal as Garrison Troops (spec section 2). */
export function SoloAttackModal({ username, available, report, onClose }: TroopModalProps) {
  const attack = useThroneAction({
    request: postSoloAttack,
    success: (response) => ThroneMessages.attacked(response.result.winner),
    fallback: ThroneMessages.attackFailed,
    battle: (response) => response.result.battleId,
    report,
  });
  return (
    <TroopsModal
      title="Solo Attack"
      submitLabel="Attack"
      limits={available}
      username={username}
      action={attack}
      onSubmit={(troops) => attack.run({ hiveUsername: username, ...troops })}
      lingerOnSuccess={false}
      onClose={onClose}
      testId="solo-attack-modal"
    />
  );
}

export function CreateRallyModal({ username, available, report, onClose }: TroopModalProps) {
  const create = useThroneAction({
    request: postRallyCreate,
    success: (response) => ThroneMessages.rallyCreated(response.rallyId),
    fallback: ThroneMessages.rallyCreateFailed,
    report,
  });
  return (
    <TroopsModal
      title="Create Rally Attack"
      submitLabel="Create"
      limits={available}
      username={username}
      action={create}
      onSubmit={(troops) => create.run({ hiveUsername: username, ...troops })}
      lingerOnSuccess
      onClose={onClose}
      testId="create-rally-modal"
    />
  );
}

export function JoinRallyModal({ username, available, report, onClose, rally }: TroopModalProps & { rally: ThroneRally }) {
  const join = useThroneAction({
    request: postRallyJoin,
    success: () => ThroneMessages.joined,
    fallback: ThroneMessages.joinFailed,
    report,
  });
  return (
    <TroopsModal
      title="Join Rally"
      submitLabel="Join Rally"
      limits={available}
      username={username}
      action={join}
      onSubmit={(troops) => join.run({ hiveUsername: username, rallyId: rally.attackId, ...troops })}
      lingerOnSuccess
      onClose={onClose}
      testId="join-rally-modal"
    >
      <p className="throne-modal__note" data-testid="join-rally-leader">
        {ThroneTexts.rallyLeader}: {rally.rallyLeader}
      </p>
    </TroopsModal>
  );
}

/** Recall Troops from Throne: up to what the player garrisoned, 0 when the garrison cannot be loaded (spec section 8). */
export function RecallModal({ username, report, onClose }: Omit<TroopModalProps, 'available'>) {
  const details = useGarrisonDetails(true);
  const recall = useThroneAction({
    request: postRecall,
    success: () => ThroneMessages.recalled,
    fallback: ThroneMessages.recallFailed,
    report,
  });
  const own = details.data?.participants.find((participant) => participant.hiveUsername === username);
  return (
    <TroopsModal
      title="Recall Troops from Throne"
      submitLabel="Recall"
      limits={own?.troops ?? noTroops()}
      limitLabel="garrisoned"
      username={username}
      action={recall}
      onSubmit={(troops) => recall.run({ hiveUsername: username, ...troops })}
      lingerOnSuccess
      onClose={onClose}
      testId="recall-modal"
    >
      {details.isPending && <p className="throne-modal__note">{ThroneTexts.loadingGarrison}</p>}
    </TroopsModal>
  );
}
