import { CitadelMessages } from '@runik/contract';
import { toUserMessage } from '../../shared/errors';
import { Message } from '../../ui/Message';
import { Modal } from '../../ui/Modal';
import { useRewardHistory } from './citadel-api';
import { formatPercent } from '@runik/rules';
import { formatPoints, formatRunikAmount } from './citadel-format';
import { CitadelTexts } from './citadel-texts';

/** The player's last rewards from fallen bosses (spec section 2; limit 20, section 9). */
export function RewardHistoryModal({ username, onClose }: { username: string; onClose: () => void }) {
  const rewards = useRewardHistory(username);
  return (
    <Modal title="Reward History" onClose={onClose} testId="reward-history">
      {rewards.isError ? (
        <Message tone="error">{toUserMessage(rewards.error, CitadelMessages.networkError)}</Message>
      ) : !rewards.data ? (
        <p role="status">{CitadelTexts.loadingRewards}</p>
      ) : rewards.data.rewards.length === 0 ? (
        <p className="citadel-muted" data-testid="no-rewards">
          {CitadelTexts.noRewards}
        </p>
      ) : (
        <div className="citadel-table-wrap">
          <table className="citadel-rewards">
            <thead>
              <tr>
                <th scope="col">Floor</th>
                <th scope="col">Damage</th>
                <th scope="col">Share</th>
                <th scope="col">Reward</th>
                <th scope="col">Date</th>
              </tr>
            </thead>
            <tbody>
              {rewards.data.rewards.map((reward) => (
                <tr key={`${reward.floor}-${reward.distributedAt}`} data-testid={`reward-${reward.floor}`}>
                  <td>{reward.floor}</td>
                  <td>{formatPoints(reward.damageDealt)}</td>
                  <td>{formatPercent(reward.damagePercentage)}</td>
                  <td>{formatRunikAmount(reward.rewardAmount)}</td>
                  <td>
                    <time dateTime={reward.distributedAt}>{new Date(reward.distributedAt).toLocaleString()}</time>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Modal>
  );
}
