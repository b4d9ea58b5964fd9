import { useEffect, useState } from 'react';
import { Button } from './button';
import { formatCountdown } from './format';

/** Spec: after a successful resend the button waits 300 s. */
export const RESEND_COOLDOWN_SECONDS = 300;

export type ResendButtonProps = {
  /** Seconds left in the cooldown (0 when the button may be used). */
  remainingSeconds: number;
  onResend: () => void;
  pending?: boolean;
  label?: string;
};

/** Disabled during the cooldown, showing the time left as m:ss. */
export function ResendButton({
  remainingSeconds,
  onResend,
  pending = false,
  label = 'Resend verification link',
}: ResendButtonProps) {
  const cooling = remainingSeconds > 0;
  return (
    <Button
      variant="secondary"
      disabled={cooling || pending}
      aria-busy={pending || undefined}
      onClick={onResend}
    >
      {cooling ? (
        <>
          {label} in <span role="timer">{formatCountdown(remainingSeconds)}</span>
        </>
      ) : (
        label
      )}
    </Button>
  );
}

/**
 * Counts a cooldown down once a second. `start(seconds)` begins one (300 after a success, or the
 * server's remaining seconds on a cooldown answer).
 */
export function useCooldown(initialSeconds = 0) {
  const [remaining, setRemaining] = useState(initialSeconds);
  useEffect(() => {
    if (remaining <= 0) return;
    const timer = setTimeout(() => setRemaining((value) => Math.max(0, value - 1)), 1000);
    return () => clearTimeout(timer);
  }, [remaining]);
  return { remaining, start: setRemaining };
}
