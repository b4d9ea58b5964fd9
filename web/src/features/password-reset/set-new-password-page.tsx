import { useEffect, useRef, useState, type FormEvent } from 'react';
import { formFieldErrors } from '@recipehub/openapi/field-errors';
import { resetPasswordInput } from '@recipehub/openapi/schemas/accounts';
import { useMutation } from '@tanstack/react-query';
import { Navigate, useNavigate } from 'react-router';
import { Button } from '@recipehub/ui/button';
import { TextField } from '@recipehub/ui/text-field';
import { useAuth } from '../../lib/auth-context';
import { notify } from '../../lib/notify';
import { usePageMeta } from '../../lib/page-meta';
import { firstFieldError } from '../../lib/trpc-errors';
import { resetPasswordWith } from './reset-client';
import { clearReset, readResetToken } from './reset-storage';
import './password-reset.css';
import { paths } from '../../lib/paths';

/** Spec §4, §9: the dashboard opens 3 s after the reset. */
const REDIRECT_AFTER_RESET_MS = 3000;

/** Step 3 of 3: the new password; the answer logs the user in. */
export function SetNewPasswordPage() {
  usePageMeta('Set a new password', 'Choose a new password for your RecipeHub account.');
  const navigate = useNavigate();
  const { signIn } = useAuth();
  const [resetToken] = useState(readResetToken);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const redirectTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(redirectTimer.current), []);

  const reset = useMutation({
    mutationFn: (newPassword: string) => resetPasswordWith(resetToken ?? '', newPassword),
    onSuccess(answer) {
      clearReset();
      signIn(answer.token);
      notify.success('Password Reset Successfully!');
      redirectTimer.current = setTimeout(
        () => void navigate(paths.dashboard.index, { replace: true }),
        REDIRECT_AFTER_RESET_MS,
      );
    },
    onError(failure) {
      setError(firstFieldError(failure, 'password'));
      notify.error('Failed to reset password!');
    },
  });

  // Reached without a verified code: start again (step 1 also covers a missing email).
  if (!resetToken) return <Navigate to={paths.resetPassword} replace />;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = resetPasswordInput.safeParse({ password });
    if (!checked.success) return setError(formFieldErrors(checked.error.issues).password);
    reset.mutate(password);
  }

  return (
    <main className="page page--narrow">
      <h1 className="page__title">Set a new password</h1>
      <div className="reset-card">
        <p className="reset-card__step">Step 3 of 3</p>
        {reset.isSuccess ? (
          <p className="reset-card__intro" role="status">
            Password Reset Successfully! Taking you to your dashboard…
          </p>
        ) : (
          <form className="form-stack" noValidate onSubmit={submit}>
            <TextField
              label="New password"
              name="password"
              type="password"
              autoComplete="new-password"
              required
              hint="At least 8 characters."
              value={password}
              error={error}
              onChange={(event) => {
                setPassword(event.target.value);
                setError(undefined);
              }}
            />
            <Button
              type="submit"
              disabled={reset.isPending}
              aria-busy={reset.isPending || undefined}
            >
              Reset password
            </Button>
          </form>
        )}
      </div>
    </main>
  );
}
