import { useEffect, useRef, useState, type FormEvent } from 'react';
import { formFieldErrors } from '@recipehub/openapi/field-errors';
import { loginInput } from '@recipehub/openapi/schemas/accounts';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from '@recipehub/ui/button';
import { TextField } from '@recipehub/ui/text-field';
import { useAuth } from '../../lib/auth-context';
import { notify } from '../../lib/notify';
import { usePageMeta } from '../../lib/page-meta';
import { rateLimitMessage } from '../../lib/rate-limit';
import { trpc } from '../../lib/trpc';
import { errorData, errorStatus, firstFieldError } from '../../lib/trpc-errors';
import { FormAlert } from './form-alert';
import { paths } from '../../lib/paths';

/** Spec §4: the dashboard opens 0.5 s after a successful login. */
const REDIRECT_AFTER_LOGIN_MS = 500;

// Spec §4: the email-verification link lands here with ?verified=true|already|failed.
const VERIFIED_RESULTS = {
  true: { tone: 'success', text: 'Email verified successfully! You can log in NOW!' },
  already: { tone: 'info', text: 'Email already verified.' },
  failed: { tone: 'error', text: 'Invalid or expired activation link.' },
} as const;

type VerifiedResult = keyof typeof VERIFIED_RESULTS;
const isVerifiedResult = (value: string | null): value is VerifiedResult =>
  value !== null && Object.hasOwn(VERIFIED_RESULTS, value);

type Errors = { email?: string; password?: string };

/** The email-verification result in the address (if any), toasted once as the page opens. */
function useVerifiedResult() {
  const [searchParams] = useSearchParams();
  const verifiedParam = searchParams.get('verified');
  const verified = isVerifiedResult(verifiedParam) ? VERIFIED_RESULTS[verifiedParam] : null;
  // Once per result (StrictMode runs effects twice in development).
  const toastedResult = useRef<string | null>(null);
  useEffect(() => {
    if (!verified || toastedResult.current === verified.text) return;
    toastedResult.current = verified.text;
    if (verified.tone === 'error') notify.error(verified.text);
    else notify.success(verified.text);
  }, [verified]);
  return verified;
}

/**
 * accounts.login and what its answer means: signed in, the dashboard half a second later; an
 * unverified email goes to the not-verified page (with `email`); the rest shows as errors.
 */
function useLogin(email: string) {
  const navigate = useNavigate();
  const { signIn } = useAuth();
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const redirectTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(redirectTimer.current), []);

  const login = trpc.accounts.login.useMutation({
    onSuccess(answer) {
      signIn(answer.token);
      notify.success('Login Successful!');
      redirectTimer.current = setTimeout(
        () => void navigate(paths.dashboard.index, { replace: true }),
        REDIRECT_AFTER_LOGIN_MS,
      );
    },
    onError(error) {
      const status = errorStatus(error);
      const appCode = errorData(error)?.appCode;
      if (appCode === 'EMAIL_NOT_VERIFIED') {
        notify.error('Please verify your email before logging in.');
        void navigate(paths.notVerified, { state: { email: email.trim() } });
        return;
      }
      if (appCode === 'INVALID_CREDENTIALS' || status === 401) {
        // Spec §4: unauthorized marks both fields.
        setErrors({ email: 'Invalid Credentials', password: 'Invalid Credentials' });
        setFormError(null);
        notify.error('Invalid Credentials');
        return;
      }
      const limited = rateLimitMessage(error);
      if (limited) {
        setFormError(limited);
        notify.error(limited);
        return;
      }
      if (status === 400) {
        setErrors({
          email: firstFieldError(error, 'email'),
          password: firstFieldError(error, 'password'),
        });
        notify.error('Login Failed!');
        return;
      }
      setFormError('Failed to log in. Please try again.');
      notify.error('Failed to log in. Please try again.');
    },
  });

  return { login, errors, setErrors, formError, setFormError };
}

export function LoginPage() {
  usePageMeta('Log in', 'Log in to RecipeHub to share, save and review recipes.');
  const demo = trpc.demoLogin.useQuery(undefined, { staleTime: Infinity, retry: false });
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const verified = useVerifiedResult();
  const { login, errors, setErrors, formError, setFormError } = useLogin(email);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The server's own rules and texts (the contract's loginInput), checked before sending.
    const checked = loginInput.safeParse({ email, password });
    const found: Errors = checked.success ? {} : formFieldErrors(checked.error.issues);
    setErrors(found);
    setFormError(null);
    if (found.email || found.password) return;
    login.mutate({ email: email.trim(), password });
  }

  const busy = login.isPending || login.isSuccess;
  return (
    <main className="page page--narrow">
      <h1 className="page__title">Log in</h1>
      {verified && <FormAlert tone={verified.tone}>{verified.text}</FormAlert>}
      {formError && <FormAlert tone="error">{formError}</FormAlert>}
      <div className="auth-card">
        {demo.data && (
          <FormAlert tone="info">
            Demo admin login: {demo.data.email} / {demo.data.password}
          </FormAlert>
        )}
        <form className="form-stack" noValidate onSubmit={submit}>
          <TextField
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            required
            value={email}
            error={errors.email}
            onChange={(event) => {
              setEmail(event.target.value);
              setErrors(({ email: _email, ...rest }) => rest);
            }}
          />
          <TextField
            label="Password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            error={errors.password}
            onChange={(event) => {
              setPassword(event.target.value);
              setErrors(({ password: _password, ...rest }) => rest);
            }}
          />
          <Button
            type="submit"
            className="auth-submit"
            disabled={busy}
            aria-busy={login.isPending || undefined}
          >
            Log in
          </Button>
        </form>
        <p className="auth-links">
          <Link to={paths.resetPassword}>Forgot password?</Link>
          <span>
            No account? <Link to={paths.register}>Register</Link>
          </span>
        </p>
      </div>
    </main>
  );
}
