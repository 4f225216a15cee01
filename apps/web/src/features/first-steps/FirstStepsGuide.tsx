import { useEffect, useMemo, useRef, useSyncExternalStore, type ComponentProps } from 'react';
import { createPortal } from 'react-dom';
import { useLocation } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { AppRoutes, type FirstStepId, type FirstStepsResponse } from '@runik/contract';
import { apiErrorMessage } from '../../api/http-client';
import { useShowToast } from '../../ui/Toasts';
import { CoachCard } from './CoachCard';
import { FIRST_STEPS_MUTATION_KEY, firstStepsKeys, useFirstSteps, useMarkAlliancesSeen, useSkipFirstSteps } from './first-steps-api';
import { currentStep, isGuideActive, navLinkPointer, STEP_GUIDES } from './first-steps-catalog';
import { useCardPlacement } from './use-card-placement';
import { useSpotlight } from './use-spotlight';
import './first-steps.css';

export const FIRST_STEPS_DONE_TOAST = 'First steps done. The realm is yours to grow.';

/**
 * A new player's guided path (harvest, upgrade the Farm, train infantry, raid, look at the
 * alliances), mounted once in the app shell: a card with the current step, the real control
 * highlighted, each step ticked off by the server after the player's own action. Gone once
 * skipped or finished, on every device.
 */
export function FirstStepsGuide({ hiveUsername, inlineSlot }: { hiveUsername: string; inlineSlot: HTMLElement | null }) {
  const progress = useFirstSteps(hiveUsername).data;
  const active = progress !== undefined && isGuideActive(progress);
  useRefetchAfterActions(hiveUsername, active);
  useAlliancesSeenOnVisit(hiveUsername, active ? progress : undefined);
  useToastWhenDone(progress);

  const step = active ? currentStep(progress) : null;
  if (!progress || !step) return null;
  return (
    <CurrentStep
      key={step.id}
      hiveUsername={hiveUsername}
      progress={progress}
      stepId={step.id}
      stepNumber={step.number}
      inlineSlot={inlineSlot}
    />
  );
}

interface CurrentStepProps {
  hiveUsername: string;
  progress: FirstStepsResponse;
  stepId: FirstStepId;
  /** 1-based. */
  stepNumber: number;
  /** Where the card sits in the page (AppShell, above the screen). */
  inlineSlot: HTMLElement | null;
}

/** The card for one step and the ring on its control (remounted for each step). */
function CurrentStep({ hiveUsername, progress, stepId, stepNumber, inlineSlot }: CurrentStepProps) {
  const guide = STEP_GUIDES[stepId];
  const elsewhere = useLocation().pathname !== guide.screen;
  const wide = useWideScreen();
  // On another screen the card only shows the way (issue 35: it floated over the Attack screen's enemy
  // cards); on a screen it would cover wherever it floated, it sits above it. So on a wide screen, whose first view
  // it never leaves room for (issue 45: at the bottom left it covered the City's daily quests as the page opened).
  const inPage = elsewhere || guide.inPage === true || wide;
  // From another screen, the way there is the navigation bar's link.
  const pointers = useMemo(() => (elsewhere ? [navLinkPointer(guide.screen)] : guide.pointers), [elsewhere, guide]);
  const spotlight = useSpotlight(pointers);
  const skip = useSkipFirstSteps(hiveUsername);
  const showToast = useShowToast();

  const showMe = spotlight
    ? () => {
        const reducedMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
        spotlight.target.scrollIntoView?.({ block: 'center', behavior: reducedMotion ? 'auto' : 'smooth' });
        spotlight.target.focus({ preventScroll: true });
      }
    : null;

  const card: CardProps = {
    progress,
    stepNumber,
    guide,
    text: spotlight?.pointer.text ?? guide.text,
    elsewhere,
    onShowMe: showMe,
    onSkip: () => skip.mutate(undefined, { onError: (error) => showToast(apiErrorMessage(error), 'error') }),
    skipping: skip.isPending,
  };
  if (inPage) return inlineSlot && createPortal(<CoachCard placement="in-page" {...card} />, inlineSlot);
  return <FloatingCard target={spotlight?.target ?? null} card={card} />;
}

/**
 * Wider than a phone or a small tablet (toasts.css's 52rem, where the card and the toasts would share the bottom):
 * the screen shows several columns of cards at once, and a floating card covered some of them whichever end it took.
 */
const WIDE_QUERY = '(width > 52rem)';

function subscribeToWidth(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const query = window.matchMedia(WIDE_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

const isWide = () => typeof window.matchMedia === 'function' && window.matchMedia(WIDE_QUERY).matches;

/** Whether the screen is wide (WIDE_QUERY); follows the window as it turns or is resized. */
function useWideScreen(): boolean {
  return useSyncExternalStore(subscribeToWidth, isWide, () => false);
}

type CardProps = Omit<ComponentProps<typeof CoachCard>, 'placement' | 'ref'>;

/** The card fixed at one end of the screen, clear of the control `target` (use-card-placement.ts). */
function FloatingCard({ target, card }: { target: HTMLElement | null; card: CardProps }) {
  const cardRef = useRef<HTMLElement>(null);
  const { placement, height } = useCardPlacement(cardRef, target);
  // The toasts make way for the card when they take its side of the screen (toasts.css).
  useEffect(() => {
    const root = document.documentElement;
    root.style.setProperty('--first-steps-card-height', `${height}px`);
    return () => {
      root.style.removeProperty('--first-steps-card-height');
    };
  }, [height]);
  return (
    <>
      {/* Room below the screen's content, so the page scrolls any control above the card. */}
      <div className="first-steps-room" style={{ height }} aria-hidden="true" />
      <CoachCard ref={cardRef} placement={placement} {...card} />
    </>
  );
}

/** Any of the player's actions that succeeds (a harvest, an upgrade, training, an attack) may tick a step: ask again. */
function useRefetchAfterActions(hiveUsername: string, active: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!active) return;
    return queryClient.getMutationCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'success') return;
      if (event.mutation.options.mutationKey?.[0] === FIRST_STEPS_MUTATION_KEY[0]) return;
      void queryClient.invalidateQueries({ queryKey: firstStepsKeys.progress(hiveUsername) });
    });
  }, [queryClient, hiveUsername, active]);
}

/** Opening the Alliance screen is the last step's action; nothing else in the game records it. */
function useAlliancesSeenOnVisit(hiveUsername: string, progress: FirstStepsResponse | undefined): void {
  const onAlliance = useLocation().pathname === AppRoutes.alliance;
  const { mutate: markSeen } = useMarkAlliancesSeen(hiveUsername);
  // Once per visit: a failed call is tried again on the next one.
  const askedThisVisit = useRef(false);
  const due = progress?.steps.some((step) => step.id === 'alliances' && !step.done) === true;
  useEffect(() => {
    if (!onAlliance) {
      askedThisVisit.current = false;
      return;
    }
    if (!due || askedThisVisit.current) return;
    askedThisVisit.current = true;
    markSeen();
  }, [onAlliance, due, markSeen]);
}

/** A toast when the last step is ticked off while the player watches (not for a guide finished long ago). */
function useToastWhenDone(progress: FirstStepsResponse | undefined): void {
  const showToast = useShowToast();
  const wasUnderway = useRef(false);
  useEffect(() => {
    if (!progress) return;
    if (wasUnderway.current && progress.finished && !progress.skipped) showToast(FIRST_STEPS_DONE_TOAST);
    wasUnderway.current = isGuideActive(progress);
  }, [progress, showToast]);
}
