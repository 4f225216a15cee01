import { useId } from 'react';
import type { PendingResourcesDto } from '@runik/contract';
import { formatCount } from '@runik/rules';
import { resourceLines } from '../format';
import { useFallen, useLootArrival } from './battle-playback';
import './battle-scene.css';

/** One army in the scene: its name, the troops it brought (when known) and how many fell (dead and injured). */
export interface SceneArmy {
  name: string;
  troops: number | null;
  fallen: number;
}

interface BattleSceneProps {
  attacker: SceneArmy;
  defender: SceneArmy;
  winner: 'attacker' | 'defender';
  /** The outcome in a word or two, told to the reader: "Victory", "Defeat", "alice won". */
  outcome: string;
  /** What the attacker carried home. */
  loot: Partial<PendingResourcesDto>;
}

/** Soldiers drawn per side: enough to read who lost more, few enough for a phone. */
const FIGURES = 8;

/**
 * A battle as a picture above its numbers (issue 50): the two armies facing each other, their fallen lying down as
 * the playback's clash goes on, the outcome on a banner, and the loot cart rolling home to the attacker. Drawn here
 * (no outside art); played by the BattlePlayback around it, so with reduced motion it shows the end at once.
 */
export function BattleScene({ attacker, defender, winner, outcome, loot }: BattleSceneProps) {
  const lines = resourceLines(loot).filter((line) => (loot[line.key] ?? 0) > 0);
  const id = `battle-scene${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const carried = lines.length > 0 ? lines.map((line) => `${line.amount} ${line.label}`).join(', ') : 'nothing';
  const label =
    `Battle scene: ${attacker.name}'s army${troopsText(attacker)} against ${defender.name}'s${troopsText(defender)}; ` +
    `${attacker.name} lost ${formatCount(attacker.fallen)}, ${defender.name} lost ${formatCount(defender.fallen)}; ` +
    `${outcome}; loot carried home: ${carried}.`;
  return (
    <figure className="battle-scene" data-testid="battle-scene" data-winner={winner}>
      <svg className="battle-scene__picture" viewBox="0 0 320 200" role="img" aria-label={label}>
        <defs>
          <linearGradient id={`${id}-sky`} x1="0" y1="0" x2="0" y2="1">
            <stop offset="0" stopColor="#1d1420" />
            <stop offset="1" stopColor="#4a2a1c" />
          </linearGradient>
          <linearGradient id={`${id}-ground`} x1="0" y1="0" x2="0" y2="1">
            <stop offset="0" stopColor="#3b2e1e" />
            <stop offset="1" stopColor="#1a140d" />
          </linearGradient>
        </defs>
        <rect width="320" height="200" fill={`url(#${id}-sky)`} />
        <circle cx="160" cy="78" r="34" fill="#f0c96b" opacity="0.12" />
        <path d="M0 120 L40 96 L78 112 L120 88 L160 106 L204 84 L248 108 L290 92 L320 104 V200 H0 Z" fill="#2a1f18" />
        <rect y="128" width="320" height="72" fill={`url(#${id}-ground)`} />
        <Army side="attacker" army={attacker} won={winner === 'attacker'} />
        <Army side="defender" army={defender} won={winner === 'defender'} />
        <CrossedSwords />
        <OutcomeBanner outcome={outcome} won={winner === 'attacker'} />
        {lines.length > 0 && <LootCart />}
      </svg>
      <figcaption className="battle-scene__caption" data-testid="battle-scene-loot">
        Loot carried home: {carried}
      </figcaption>
    </figure>
  );
}

function troopsText(army: SceneArmy): string {
  return army.troops === null ? '' : ` (${formatCount(army.troops)} troops)`;
}

/** How many of the drawn figures stand for the fallen: their share of the army, else a guess from the outcome. */
function fallenFigures(army: SceneArmy, won: boolean): number {
  if (army.troops !== null && army.troops > 0) return Math.min(FIGURES, Math.round((army.fallen / army.troops) * FIGURES));
  if (army.fallen === 0) return 0;
  return won ? 2 : 5;
}

function Army({ side, army, won }: { side: 'attacker' | 'defender'; army: SceneArmy; won: boolean }) {
  const down = useFallen(fallenFigures(army, won));
  const left = side === 'attacker';
  const colour = left ? '#f0c96b' : '#e06a5a';
  return (
    <g className={`battle-scene__army battle-scene__army--${side}`} data-fallen={down}>
      {/* The side's standard. */}
      <line x1={left ? 22 : 298} y1="64" x2={left ? 22 : 298} y2="150" stroke="#8a6a3a" strokeWidth="3" />
      <path d={left ? 'M23 66 h40 l-8 10 8 10 h-40 Z' : 'M297 66 h-40 l8 10 -8 10 h40 Z'} fill={colour} opacity={won ? 1 : 0.7} />
      <text x={left ? 26 : 294} y="58" textAnchor={left ? 'start' : 'end'} className="battle-scene__name" fill={colour}>
        {shorten(army.name)}
      </text>
      {Array.from({ length: FIGURES }, (_, index) => {
        const column = index % 4;
        const row = Math.floor(index / 4);
        const x = left ? 44 + column * 20 + row * 8 : 276 - column * 20 - row * 8;
        const y = 146 + row * 22;
        // The front rank falls first.
        const fallen = index >= FIGURES - down;
        return <Soldier key={index} x={x} y={y} facing={left ? 1 : -1} colour={colour} fallen={fallen} />;
      })}
    </g>
  );
}

/** A soldier with helmet, shield and spear; lying down, dimmed, when fallen. */
function Soldier({ x, y, facing, colour, fallen }: { x: number; y: number; facing: 1 | -1; colour: string; fallen: boolean }) {
  const transform = fallen ? `translate(${x} ${y + 6}) rotate(${facing * 90}) scale(0.9)` : `translate(${x} ${y}) scale(${facing} 1)`;
  return (
    <g transform={transform} opacity={fallen ? 0.45 : 1} className={fallen ? 'battle-scene__fallen' : undefined}>
      <circle cx="0" cy="-22" r="4" fill="#d8c3a0" />
      <path d="M-5 -24 a5 5 0 0 1 10 0 z" fill={colour} />
      <path d="M-4 -17 h8 l2 13 h-12 z" fill="#5a4632" stroke={colour} strokeWidth="1" />
      <line x1="-3" y1="-4" x2="-4" y2="4" stroke="#2a211a" strokeWidth="2.4" />
      <line x1="3" y1="-4" x2="4" y2="4" stroke="#2a211a" strokeWidth="2.4" />
      <line x1="7" y1="-30" x2="5" y2="2" stroke="#b9b1a4" strokeWidth="1.4" />
      <ellipse cx="-5" cy="-11" rx="3.5" ry="5" fill={colour} opacity="0.85" />
    </g>
  );
}

function CrossedSwords() {
  return (
    <g transform="translate(160 132)" stroke="#cfc6b8" strokeWidth="3" strokeLinecap="round">
      <line x1="-14" y1="-14" x2="14" y2="14" />
      <line x1="14" y1="-14" x2="-14" y2="14" />
      <line x1="-18" y1="-6" x2="-6" y2="-18" stroke="#8a6a3a" />
      <line x1="18" y1="-6" x2="6" y2="-18" stroke="#8a6a3a" />
    </g>
  );
}

/** The outcome, shown once the clash is over. */
function OutcomeBanner({ outcome, won }: { outcome: string; won: boolean }) {
  const shown = useFallen(1) === 1;
  if (!shown) return null;
  return (
    <g data-testid="battle-scene-outcome">
      <path d="M96 18 h128 l-10 14 10 14 h-128 l10 -14 Z" fill={won ? '#3f5a2a' : '#5a2222'} stroke="#f0c96b" strokeWidth="1.5" />
      <text x="160" y="37" textAnchor="middle" className="battle-scene__outcome">
        {shorten(outcome, 16)}
      </text>
    </g>
  );
}

/** The loot cart, rolling from the defender's side to the attacker's as the loot comes home. */
function LootCart() {
  const arrival = useLootArrival();
  const x = 250 - arrival * 190;
  return (
    <g transform={`translate(${x} 112)`} data-testid="battle-scene-cart">
      <rect x="-16" y="-14" width="32" height="14" rx="2" fill="#6b4a2a" stroke="#f0c96b" strokeWidth="1" />
      <circle cx="-8" cy="-18" r="4" fill="#f0c96b" />
      <circle cx="2" cy="-19" r="4.5" fill="#d4a64a" />
      <circle cx="10" cy="-17" r="3.5" fill="#f0c96b" />
      <circle cx="-9" cy="2" r="5" fill="#2a211a" stroke="#b9b1a4" strokeWidth="1.5" />
      <circle cx="9" cy="2" r="5" fill="#2a211a" stroke="#b9b1a4" strokeWidth="1.5" />
    </g>
  );
}

function shorten(text: string, max = 14): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
