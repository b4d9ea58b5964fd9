import { useState, type FormEvent } from 'react';
import { formFieldErrors } from '@recipehub/openapi/field-errors';
import { emailInput } from '@recipehub/openapi/schemas/accounts';
import { Link, useLocation } from 'react-router';
import { RESEND_COOLDOWN_SECONDS, ResendButton, useCooldown } from '@recipehub/ui/resend-button';
import { TextField } from '@recipehub/ui/text-field';
import { notify } from '../../lib/notify';
import { usePageMeta } from '../../lib/page-meta';
import { trpc } from '../../lib/trpc';
import { errorData, errorStatus, firstFieldError, serverMessage } from '../../lib/trpc-errors';
import { FormAlert } from './form-alert';
import { paths } from '../../lib/paths';

/** The login page passes the email along in navigation state (spec §2). */
function emailFromState(state: unknown): string {
  if (typeof state === 'object' && state !== null && 'email' in state) {
    const { email } = state as { email: unknown };
    if (typeof email === 'string') return email;
  }
  return '';
}

/**
 * accounts.resendVerification with its cooldown: a sent link starts the spec's wait, a refused
 * one the server's remaining seconds; an email the server rejects leaves its field error.
 */
function useResendVerification() {
  const [emailError, setEmailError] = useState<string>();
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const { remaining, start } = useCooldown();

  const resend = trpc.accounts.resendVerification.useMutation({
    onSuccess(answer) {
      setSentMessage(answer.message);
      notify.success(answer.message);
      start(RESEND_COOLDOWN_SECONDS);
    },
    onError(error) {
      // A cooldown answer carries the server's remaining seconds (spec §4).
      const wait = errorData(error)?.retryAfterSeconds;
      if (errorStatus(error) === 429 && wait) {
        start(wait);
        notify.error(serverMessage(error) ?? 'Failed to resend verification link.');
        return;
      }
      setEmailError(firstFieldError(error, 'email'));
      notify.error('Failed to resend verification link.');
    },
  });

  return { resend, remaining, sentMessage, emailError, setEmailError };
}

export function NotVerifiedPage() {
  usePageMeta('Verify your email', 'Your RecipeHub email address is not verified yet.');
  const location = useLocation();
  const stateEmail = emailFromState(location.state);
  const [typedEmail, setTypedEmail] = useState('');
  const { resend, remaining, sentMessage, emailError, setEmailError } = useResendVerification();
  const email = stateEmail || typedEmail.trim();

  function submit(event?: FormEvent<HTMLFormElement>) {
    event?.preventDefault();
    const checked = emailInput.safeParse({ email });
    if (!checked.success) {
      setEmailError(formFieldErrors(checked.error.issues).email);
      return;
    }
    setEmailError(undefined);
    resend.mutate({ email });
  }

  return (
    <main className="page page--narrow">
      <h1 className="page__title">Your email is not verified</h1>
      <div className="auth-card">
        <p className="auth-card__intro">
          {stateEmail ? (
            <>
              We sent a verification link to <strong>{stateEmail}</strong>. Open it to activate your
              account, then log in.
            </>
          ) : (
            <>Open the verification link we emailed you to activate your account, then log in.</>
          )}{' '}
          No email? Check your spam folder or send a new link.
        </p>
        {sentMessage && <FormAlert tone="success">{sentMessage}</FormAlert>}
        <form className="form-stack" noValidate onSubmit={submit}>
          {!stateEmail && (
            <TextField
              label="Email"
              name="email"
              type="email"
              autoComplete="email"
              required
              value={typedEmail}
              error={emailError}
              onChange={(event) => {
                setTypedEmail(event.target.value);
                setEmailError(undefined);
              }}
            />
          )}
          {stateEmail && emailError && <FormAlert tone="error">{emailError}</FormAlert>}
          <div>
            <ResendButton
              remainingSeconds={remaining}
              pending={resend.isPending}
              onResend={() => submit()}
            />
          </div>
        </form>
        <p className="auth-links">
          <Link to={paths.login}>Back to log in</Link>
        </p>
      </div>
    </main>
  );
}
