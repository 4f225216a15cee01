import type { ReferredPlayer, ReferredPlayersResponse } from '@runik/contract';
import { Message } from '../../ui/Message';
import { Modal } from '../../ui/Modal';
import { useReferredPlayers } from './referred-players-api';

interface ReferredPlayersModalProps {
  hiveUsername: string;
  onClose: () => void;
}

/** Short US date, e.g. 11/21/2026 (spec section 2). */
function formatJoinedDate(isoDate: string): string {
  return new Date(isoDate).toLocaleDateString('en-US');
}

export function ReferredPlayersModal({ hiveUsername, onClose }: ReferredPlayersModalProps) {
  const { data, isPending, isError } = useReferredPlayers(hiveUsername);

  return (
    <Modal title="Referred Players" onClose={onClose} testId="referred-players-modal">
      {isPending && (
        <p className="referrals__loading" role="status">
          Loading referred players…
        </p>
      )}
      {isError && <Message tone="error">Failed to load referred players. Please try again.</Message>}
      {data && <ReferralsOverview referrals={data} />}
    </Modal>
  );
}

function ReferralsOverview({ referrals }: { referrals: ReferredPlayersResponse }) {
  return (
    <div className="referrals">
      <dl className="referrals__stats">
        <div className="referrals__stat" data-testid="total-referred">
          <dt>Total Referred</dt>
          <dd>{referrals.totalReferred}</dd>
        </div>
        <div className="referrals__stat" data-testid="total-registered">
          <dt>Registered</dt>
          <dd>{referrals.totalRegistered}</dd>
        </div>
      </dl>
      {referrals.referredPlayers.length === 0 ? (
        <div className="referrals__empty">
          <p>You haven't referred any players yet.</p>
          <p className="referrals__hint">Share your referral link to get started!</p>
        </div>
      ) : (
        <ul className="referrals__list">
          {referrals.referredPlayers.map((player) => (
            <ReferredPlayerCard key={player.username} player={player} />
          ))}
        </ul>
      )}
    </div>
  );
}

function ReferredPlayerCard({ player }: { player: ReferredPlayer }) {
  return (
    <li className="referrals__card" data-testid="referred-player">
      <div>
        <p className="referrals__username">@{player.username}</p>
        <p className="referrals__joined">Joined {formatJoinedDate(player.joinedDate)}</p>
      </div>
      <span className={`referrals__status ${player.isRegistered ? 'referrals__status--registered' : ''}`}>
        {player.isRegistered ? 'Registered' : 'Not Registered'}
      </span>
    </li>
  );
}
