import { useContext, useState } from 'react';
import type { CityConstantsResponse } from '@runik/contract';
import { CITY_HALL_KEY, MILITARY_BUILDING_KEYS, RESOURCE_KEYS, type MilitaryBuildingKey } from '@runik/rules';
import { Message } from '../../ui/Message';
import { CityHallCard } from './cards/CityHallCard';
import { ResourceBuildingCard } from './cards/ResourceBuildingCard';
import { ResourcesCard } from './cards/ResourcesCard';
import { RunikCard } from './cards/RunikCard';
import { SanctumCard } from './cards/SanctumCard';
import { TrainingBuildingCard } from './cards/TrainingBuildingCard';
import { useHarvest } from './city-actions';
import { buildingName, militaryInfo } from './city-catalog';
import { CityClock } from '../../shared/city-clock';
import { CityTopPanelContext } from '../../shared/city-panels';
import type { CityState } from './city-state';
import { CityHallDetailsModal } from './popups/CityHallDetailsModal';
import { ConvertToResourcesModal } from './popups/ConvertToResourcesModal';
import { ConvertToRunikModal } from './popups/ConvertToRunikModal';
import { DepositModal } from './popups/DepositModal';
import { HealTroopsModal } from './popups/HealTroopsModal';
import { SpeedUpModal } from './popups/SpeedUpModal';
import { TrainTroopsModal } from './popups/TrainTroopsModal';
import { WithdrawModal } from './popups/WithdrawModal';
import { QuestPanel } from './quests/QuestPanel';
import { RefundNotice } from './payments/RefundNotice';
import { TrainingQueueWatcher } from './TrainingQueueWatcher';
import { CityScene } from './scene/CityScene';
import type { SceneKey } from './scene/city-scene-layout';

type Popup =
  | { kind: 'city-hall-details' }
  | { kind: 'convert-to-runik'; guided?: boolean }
  | { kind: 'convert-to-resources' }
  | { kind: 'train'; building: MilitaryBuildingKey }
  | { kind: 'speed-up'; building: MilitaryBuildingKey }
  | { kind: 'heal' }
  | { kind: 'deposit' }
  | { kind: 'withdraw' };

interface CityViewProps {
  username: string;
  city: CityState;
  constants: CityConstantsResponse;
}

/** The card a building of the scene shows: brought into view and given the focus, so the keyboard goes on from it. */
function openCard(key: SceneKey): void {
  const title = document.getElementById(key === CITY_HALL_KEY ? 'city-hall-title' : `city-building-${key}-title`);
  const card = title?.closest<HTMLElement>('section');
  if (!card) return;
  card.tabIndex = -1;
  // jsdom has no scrolling.
  if ('scrollIntoView' in card) card.scrollIntoView({ block: 'center' });
  card.focus({ preventScroll: true });
}

/**
 * The loaded city: its scene (issue 50), then what the shell puts there ("What's next", issue 45), then the resources, City Hall and
 * RUNIKS cards, the building grid and one popup at a time.
 */
export function CityView({ username, city, constants }: CityViewProps) {
  const [popup, setPopup] = useState<Popup | null>(null);
  const [screenError, setScreenError] = useState<string | null>(null);
  const harvest = useHarvest(username, setScreenError);
  const TopPanel = useContext(CityTopPanelContext);

  const startHarvest = () => {
    setScreenError(null);
    harvest.mutate();
  };

  return (
    <CityClock>
      <TrainingQueueWatcher username={username} city={city} />
      {screenError && (
        <div className="city-error" data-testid="city-error">
          <Message tone="error">{screenError}</Message>
          <button type="button" className="button button--ghost" onClick={() => setScreenError(null)}>
            Dismiss
          </button>
        </div>
      )}
      <RefundNotice key={username} username={username} onShowHistory={() => setPopup({ kind: 'deposit' })} />
      <CityScene city={city} nameOf={(key) => (key === CITY_HALL_KEY ? 'City Hall' : buildingName(constants, key))} onOpen={openCard} />
      <TopPanel username={username} />
      <div className="city-overview">
        <ResourcesCard city={city} harvesting={harvest.isPending} onHarvest={startHarvest} />
        <CityHallCard username={username} city={city} onShowDetails={() => setPopup({ kind: 'city-hall-details' })} />
        <RunikCard
          city={city}
          onConvertToRunik={(guided) => setPopup({ kind: 'convert-to-runik', guided })}
          onConvertToResources={() => setPopup({ kind: 'convert-to-resources' })}
          onDeposit={() => setPopup({ kind: 'deposit' })}
          onWithdraw={() => setPopup({ kind: 'withdraw' })}
        />
      </div>
      <QuestPanel username={username} />
      <h2 className="city-section-title">Buildings</h2>
      <div className="city-buildings">
        {RESOURCE_KEYS.map((resource) => (
          <ResourceBuildingCard
            key={resource}
            username={username}
            city={city}
            resource={resource}
            name={buildingName(constants, resource)}
          />
        ))}
        {MILITARY_BUILDING_KEYS.map((key) => (
          <TrainingBuildingCard
            key={key}
            username={username}
            city={city}
            building={militaryInfo(constants, key)}
            onTrain={(building) => setPopup({ kind: 'train', building })}
            onSpeedUp={(building) => setPopup({ kind: 'speed-up', building })}
          />
        ))}
        <SanctumCard city={city} constants={constants} onHeal={() => setPopup({ kind: 'heal' })} />
      </div>
      {popup && (
        <CityPopup popup={popup} username={username} city={city} constants={constants} onOpen={setPopup} onClose={() => setPopup(null)} />
      )}
    </CityClock>
  );
}

function CityPopup({
  popup,
  onOpen,
  onClose,
  ...props
}: CityViewProps & { popup: Popup; onOpen: (popup: Popup) => void; onClose: () => void }) {
  switch (popup.kind) {
    case 'city-hall-details':
      return <CityHallDetailsModal city={props.city} constants={props.constants} onClose={onClose} />;
    case 'convert-to-runik':
      return (
        <ConvertToRunikModal
          username={props.username}
          city={props.city}
          suggest={popup.guided === true}
          onClose={onClose}
          onConvertBack={() => onOpen({ kind: 'convert-to-resources' })}
        />
      );
    case 'convert-to-resources':
      return <ConvertToResourcesModal username={props.username} city={props.city} onClose={onClose} />;
    case 'train':
      return <TrainTroopsModal {...props} building={militaryInfo(props.constants, popup.building)} onClose={onClose} />;
    case 'speed-up':
      return <SpeedUpModal {...props} building={militaryInfo(props.constants, popup.building)} onClose={onClose} />;
    case 'heal':
      return <HealTroopsModal {...props} onClose={onClose} />;
    case 'deposit':
      return <DepositModal username={props.username} onClose={onClose} />;
    case 'withdraw':
      return <WithdrawModal username={props.username} city={props.city} onClose={onClose} />;
  }
}
