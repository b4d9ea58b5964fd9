import { useState, type FormEvent } from 'react';
import { formFieldErrors } from '@recipehub/openapi/field-errors';
import { sendOtpInput } from '@recipehub/openapi/schemas/accounts';
import { Link, useNavigate } from 'react-router';
import { Button } from '@recipehub/ui/button';
import { TextField } from '@recipehub/ui/text-field';
import { notify } from '../../lib/notify';
import { usePageMeta } from '../../lib/page-meta';
import { rateLimitMessage } from '../../lib/rate-limit';
import { trpc } from '../../lib/trpc';
import { firstFieldError } from '../../lib/trpc-errors';
import { readResetEmail, storeResetEmail } from './reset-storage';
import './password-reset.css';
import { paths } from '../../lib/paths';

/** Step 1 of 3: the email that receives a 6-digit code. */
export function ResetPasswordPage() {
  usePageMeta('Reset your password', 'Get a code by email to set a new RecipeHub password.');
  const navigate = useNavigate();
  const [email, setEmail] = useState(() => readResetEmail() ?? '');
  const [error, setError] = useState<string>();
  const sendOtp = trpc.accounts.sendOtp.useMutation({
    onSuccess(answer, input) {
      storeResetEmail(input.email);
      notify.success(answer.message);
      void navigate(paths.resetPasswordOtp);
    },
    onError(failure) {
      const message =
        rateLimitMessage(failure) ??
        firstFieldError(failure, 'email') ??
        'Failed to send the reset code. Please try again.';
      setError(message);
      notify.error(message);
    },
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = sendOtpInput.safeParse({ email });
    if (!checked.success) {
      setError(formFieldErrors(checked.error.issues).email);
      return;
    }
    sendOtp.mutate({ email: email.trim() });
  }

  return (
    <main className="page page--narrow">
      <h1 className="page__title">Reset your password</h1>
      <div className="reset-card">
        <p className="reset-card__step">Step 1 of 3</p>
        <p className="reset-card__intro">
          Enter your account&apos;s email. We will send you a 6-digit code.
        </p>
        <form className="form-stack" noValidate onSubmit={submit}>
          <TextField
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            required
            value={email}
            error={error}
            onChange={(event) => {
              setEmail(event.target.value);
              setError(undefined);
            }}
          />
          <Button
            type="submit"
            disabled={sendOtp.isPending}
            aria-busy={sendOtp.isPending || undefined}
          >
            Send code
          </Button>
        </form>
        <p className="reset-card__links">
          <Link to={paths.login}>Back to log in</Link>
        </p>
      </div>
    </main>
  );
}
