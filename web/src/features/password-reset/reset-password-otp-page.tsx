import { useState, type FormEvent } from 'react';
import { formFieldErrors } from '@recipehub/openapi/field-errors';
import { verifyOtpInput } from '@recipehub/openapi/schemas/accounts';
import { Link, Navigate, useNavigate } from 'react-router';
import { Button } from '@recipehub/ui/button';
import { TextField } from '@recipehub/ui/text-field';
import { notify } from '../../lib/notify';
import { usePageMeta } from '../../lib/page-meta';
import { rateLimitMessage } from '../../lib/rate-limit';
import { trpc } from '../../lib/trpc';
import { firstFieldError, serverMessage } from '../../lib/trpc-errors';
import { readResetEmail, storeResetToken } from './reset-storage';
import './password-reset.css';
import { paths } from '../../lib/paths';

/** Under the form: send `email` a new code, or start again with another email. */
function ResetCodeLinks({ email }: { email: string }) {
  const resend = trpc.accounts.sendOtp.useMutation({
    onSuccess: (answer) => notify.success(answer.message),
    onError: (failure) =>
      notify.error(rateLimitMessage(failure) ?? 'Failed to send the reset code. Please try again.'),
  });

  return (
    <p className="reset-card__links">
      <Button
        variant="ghost"
        size="sm"
        disabled={resend.isPending}
        onClick={() => resend.mutate({ email })}
      >
        Send a new code
      </Button>
      <Link to={paths.resetPassword}>Use a different email</Link>
    </p>
  );
}

/** Step 2 of 3: the emailed code, exchanged for a short-lived reset token. */
export function ResetPasswordOtpPage() {
  usePageMeta('Enter your reset code', 'Enter the 6-digit code we emailed you.');
  const navigate = useNavigate();
  // Read once: the page belongs to the email it was opened for.
  const [email] = useState(() => readResetEmail() ?? '');
  const [otp, setOtp] = useState('');
  const [error, setError] = useState<string>();
  const verify = trpc.accounts.verifyOtp.useMutation({
    onSuccess(answer) {
      storeResetToken(answer.token);
      void navigate(paths.setNewPassword);
    },
    onError(failure) {
      const message =
        rateLimitMessage(failure) ??
        firstFieldError(failure, 'otp') ??
        serverMessage(failure) ??
        'Failed to verify the code. Please try again.';
      setError(message);
      notify.error(message);
    },
  });

  // Reached without step 1: start there.
  if (!email) return <Navigate to={paths.resetPassword} replace />;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = otp.trim();
    const checked = verifyOtpInput.safeParse({ email, otp: code });
    if (!checked.success) {
      setError(formFieldErrors(checked.error.issues).otp);
      return;
    }
    verify.mutate({ email, otp: code });
  }

  return (
    <main className="page page--narrow">
      <h1 className="page__title">Enter your reset code</h1>
      <div className="reset-card">
        <p className="reset-card__step">Step 2 of 3</p>
        <p className="reset-card__intro">
          We sent a 6-digit code to <strong>{email}</strong>. It is valid for 10 minutes.
        </p>
        <form className="form-stack" noValidate onSubmit={submit}>
          <TextField
            label="6-digit code"
            name="otp"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]{6}"
            maxLength={6}
            required
            className="reset-card__code"
            value={otp}
            error={error}
            onChange={(event) => {
              setOtp(event.target.value.replace(/\D/g, ''));
              setError(undefined);
            }}
          />
          <Button
            type="submit"
            disabled={verify.isPending}
            aria-busy={verify.isPending || undefined}
          >
            Verify code
          </Button>
        </form>
        <ResetCodeLinks email={email} />
      </div>
    </main>
  );
}
