import type { ThroneParticipant } from '@runik/contract';
import { useCommanderGears } from './throne-api';
import { formatThronePower, formatTroops } from './throne-format';
import { gearBonuses, sidePower } from './throne-power';

interface ParticipantsPowerProps {
  participants: readonly ThroneParticipant[];
  powerLabel: string;
  listLabel: string;
  testId: string;
}

/**
 * A rally's or the garrison's participants with their troops, and the side's power: each
 * participant's troops boosted by their own commander gear (no gear, or none loaded, boosts nothing).
 */
export function ParticipantsPower({ participants, powerLabel, listLabel, testId }: ParticipantsPowerProps) {
  const gears = useCommanderGears(participants.map((participant) => participant.hiveUsername));
  const loading = gears.some((gear) => gear.isPending);
  const power = sidePower(
    participants.map((participant, index) => ({ troops: participant.troops, bonuses: gearBonuses(gears[index].data) })),
  );
  return (
    <div className="throne-participants">
      <p className="throne-participants__power" data-testid={`${testId}-power`}>
        {powerLabel}: {loading ? '…' : formatThronePower(power)}
      </p>
      <ul className="throne-participants__list" aria-label={listLabel}>
        {participants.map((participant) => (
          <li key={participant.hiveUsername} data-testid={`${testId}-participant-${participant.hiveUsername}`}>
            <span className="throne-participants__name">{participant.hiveUsername}</span> {formatTroops(participant.troops)}
          </li>
        ))}
      </ul>
    </div>
  );
}
