import type { EnemiesResponse } from '@runik/contract';
import { AttackTexts } from './attack-messages';
import { EnemyCard } from './EnemyCard';
import { Pager } from '../../ui/Pager';

interface EnemyListProps {
  username: string;
  enemies: EnemiesResponse;
  playerCanAttack: boolean;
  attacking: string | null;
  onAttack: (name: string) => void;
  onPage: (page: number) => void;
}

/** A page of enemies with Previous / Next (spec section 2). */
export function EnemyList({ username, enemies, playerCanAttack, attacking, onAttack, onPage }: EnemyListProps) {
  const { page } = enemies;
  // No enemies still reads as one (empty) page.
  const totalPages = Math.max(1, enemies.totalPages);
  return (
    <>
      {enemies.enemies.length === 0 ? (
        <p className="attack-placeholder panel" data-testid="no-enemies">
          {AttackTexts.noEnemies}
        </p>
      ) : (
        <ul className="attack-enemies" aria-label="Enemies">
          {enemies.enemies.map((enemy) => (
            <EnemyCard
              key={enemy.name}
              username={username}
              enemy={enemy}
              playerCanAttack={playerCanAttack}
              attacking={attacking === enemy.name}
              busy={attacking !== null}
              onAttack={onAttack}
            />
          ))}
        </ul>
      )}
      <Pager page={page} totalPages={totalPages} onPage={onPage} label="Enemy pages" testId="enemy-page" />
    </>
  );
}
