import { ListChecks, LogOut, Sun, SunDim } from 'lucide-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@recipehub/ui/button';
import { CookStep } from '@recipehub/ui/cook-step';
import { CookTimer } from '@recipehub/ui/cook-timer';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from '@recipehub/ui/dialog';
import { usePageMeta } from '../../lib/page-meta';
import { playAlarm, prepareAlarm } from './alarm-sound';
import { findDurations } from './step-durations';
import { useTimers } from './use-timers';
import { useWakeLock, WAKE_LOCK_TEXT } from './use-wake-lock';
import './cook-mode.css';

export type CookModeRecipe = {
  title: string;
  /** The steps, one per line of the instructions, without display prefixes. */
  steps: string[];
  /** The ingredient lines as the recipe page shows them, at the chosen scale. */
  ingredients: string[];
  /** "6 servings", "×2": how the amounts were scaled, or null when as written. */
  scaleLabel: string | null;
};

export type CookModePageProps = {
  recipe: CookModeRecipe;
  /** Where Exit goes: the recipe page, with the same scaling. */
  exitTo: string;
};

/** Keys that turn steps; ignored while typing or inside a dialog (the ingredients). */
function stepKey(event: KeyboardEvent): -1 | 1 | 0 {
  const target = event.target as HTMLElement | null;
  if (event.altKey || event.ctrlKey || event.metaKey) return 0;
  if (target?.closest('input, textarea, select, [contenteditable], [role="dialog"]')) return 0;
  if (target?.closest('[role="spinbutton"], [role="slider"]')) return 0;
  if (event.key === 'ArrowRight' || event.key === 'PageDown') return 1;
  if (event.key === 'ArrowLeft' || event.key === 'PageUp') return -1;
  return 0;
}

/** Turns the steps with the keys `stepKey` reads, anywhere on the page. */
function useStepKeys(move: (by: number) => void) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const by = stepKey(event);
      if (by === 0) return;
      event.preventDefault();
      move(by);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [move]);
}

/** The recipe's ingredients, at the chosen scale, one tap away from any step. */
function IngredientsDialog({ recipe }: { recipe: CookModeRecipe }) {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="secondary" className="cook-mode__bar-button">
          <ListChecks size={20} aria-hidden /> Ingredients
        </Button>
      </DialogTrigger>
      <DialogContent className="cook-mode__ingredients">
        <DialogTitle>Ingredients</DialogTitle>
        <DialogDescription>
          {recipe.scaleLabel ? `Amounts for ${recipe.scaleLabel}.` : 'As the recipe gives them.'}
        </DialogDescription>
        <ul className="cook-mode__ingredient-list">
          {recipe.ingredients.map((line, position) => (
            <li key={position}>{line}</li>
          ))}
        </ul>
      </DialogContent>
    </Dialog>
  );
}

/**
 * Cook mode (issue 16): the recipe's steps one at a time in large type, for following at the
 * stove. Next/previous by button, swipe (CookStep) and the arrow keys; the ingredients one tap
 * away in a dialog; the screen kept on where the browser allows, saying so where it does not;
 * a timer offered for each duration a step names, several at once, kept while moving between
 * steps, ending with a sound and an alert.
 */
export function CookModePage({ recipe, exitTo }: CookModePageProps) {
  usePageMeta(`Cook: ${recipe.title}`, `Cook ${recipe.title} step by step.`);
  const [index, setIndex] = useState(0);
  const total = recipe.steps.length;
  const wakeLock = useWakeLock();
  const { timers, start, pause, resume, dismiss, secondsLeft } = useTimers(() => playAlarm());

  const move = useCallback(
    (by: number) => setIndex((current) => Math.min(total - 1, Math.max(0, current + by))),
    [total],
  );
  useStepKeys(move);

  const step = recipe.steps[index] ?? '';
  const offers = useMemo(
    () =>
      findDurations(step).map((duration) => ({
        label: duration.label,
        onStart: () => {
          prepareAlarm();
          start(`Step ${index + 1} · ${duration.label}`, duration.seconds);
        },
      })),
    [step, index, start],
  );

  return (
    <div className="cook-mode">
      <header className="cook-mode__bar">
        <Button asChild variant="ghost" className="cook-mode__bar-button">
          <Link to={exitTo}>
            <LogOut size={20} aria-hidden /> Exit cook mode
          </Link>
        </Button>
        <IngredientsDialog recipe={recipe} />
      </header>

      <main className="cook-mode__main">
        <h1 className="cook-mode__title">{recipe.title}</h1>
        <p className="cook-mode__wake" data-status={wakeLock}>
          {wakeLock === 'active' ? <Sun size={18} aria-hidden /> : <SunDim size={18} aria-hidden />}
          {WAKE_LOCK_TEXT[wakeLock]}
        </p>
        {total === 0 ? (
          <p className="cook-mode__empty">This recipe has no steps.</p>
        ) : (
          <CookStep
            index={index}
            total={total}
            text={step}
            onPrevious={() => move(-1)}
            onNext={() => move(1)}
            timerOffers={offers}
          />
        )}
        <p className="cook-mode__keys">Tip: the arrow keys and a swipe turn the steps too.</p>
      </main>

      {timers.length > 0 && (
        <section className="cook-mode__timers" aria-label="Timers">
          {timers.map((timer) => (
            <CookTimer
              key={timer.id}
              label={timer.label}
              state={timer.state}
              remainingSeconds={secondsLeft(timer)}
              onPause={() => pause(timer.id)}
              onResume={() => resume(timer.id)}
              onDismiss={() => dismiss(timer.id)}
            />
          ))}
        </section>
      )}
    </div>
  );
}
