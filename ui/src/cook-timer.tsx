import { BellRing, Pause, Play, X } from 'lucide-react';
import { Button } from './button';
import './cook-timer.css';

export type CookTimerState = 'running' | 'paused' | 'done';

export type CookTimerProps = {
  /** What the timer is for ("Step 2 · 10 min"). */
  label: string;
  remainingSeconds: number;
  state: CookTimerState;
  onPause(): void;
  onResume(): void;
  /** Cancels a running or paused timer; silences and removes a finished one. */
  onDismiss(): void;
};

/** "9:05", "1:02:03": minutes and seconds, hours only when there are some. */
export function formatRemaining(totalSeconds: number): string {
  const seconds = Math.max(0, Math.ceil(totalSeconds));
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = String(seconds % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
}

/**
 * One kitchen timer: its label, the time left (large, tabular), pause/resume and cancel. When it
 * ends it turns into an alert (role="alert", announced at once, shown in the danger colour) with
 * a Dismiss button; the sound is the app's to play. The ticking time is not a live region: a
 * screen reader reading every second would drown the cook.
 */
export function CookTimer({
  label,
  remainingSeconds,
  state,
  onPause,
  onResume,
  onDismiss,
}: CookTimerProps) {
  return (
    <div className="rh-cook-timer" data-state={state} role="group" aria-label={`Timer ${label}`}>
      <p className="rh-cook-timer__label">{label}</p>
      {state === 'done' ? (
        <p className="rh-cook-timer__alert" role="alert">
          <BellRing size={20} aria-hidden /> Time is up: {label}
        </p>
      ) : (
        <p className="rh-cook-timer__time">
          <span className="rh-visually-hidden">
            {state === 'paused' ? 'Paused, ' : ''}Time left{' '}
          </span>
          {formatRemaining(remainingSeconds)}
        </p>
      )}
      <div className="rh-cook-timer__actions">
        {state === 'running' && (
          <Button
            variant="secondary"
            size="sm"
            onClick={onPause}
            aria-label={`Pause timer ${label}`}
          >
            <Pause size={16} aria-hidden /> Pause
          </Button>
        )}
        {state === 'paused' && (
          <Button
            variant="secondary"
            size="sm"
            onClick={onResume}
            aria-label={`Resume timer ${label}`}
          >
            <Play size={16} aria-hidden /> Resume
          </Button>
        )}
        <Button
          variant={state === 'done' ? 'primary' : 'ghost'}
          size="sm"
          onClick={onDismiss}
          aria-label={`${state === 'done' ? 'Dismiss' : 'Cancel'} timer ${label}`}
        >
          <X size={16} aria-hidden /> {state === 'done' ? 'Dismiss' : 'Cancel'}
        </Button>
      </div>
    </div>
  );
}
