import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { formFieldErrors } from '@recipehub/openapi/field-errors';
import { GENERAL_VALIDATION_MESSAGE } from '@recipehub/openapi/messages';
import { registerInput, type RegisterInput } from '@recipehub/openapi/schemas/accounts';
import { Button } from '@recipehub/ui/button';
import { TextField } from '@recipehub/ui/text-field';
import { notify } from '../../lib/notify';
import { usePageMeta } from '../../lib/page-meta';
import { rateLimitMessage } from '../../lib/rate-limit';
import { trpc } from '../../lib/trpc';
import { errorStatus, fieldErrors, firstFieldError } from '../../lib/trpc-errors';
import { FormAlert } from './form-alert';
import { paths } from '../../lib/paths';

/** Spec §4, §9: the login page opens 3 s after registering. */
const REDIRECT_AFTER_REGISTER_MS = 3000;

type Field = 'email' | 'firstName' | 'lastName' | 'password' | 'mobile';
type Values = Record<Field, string>;
type Errors = Partial<Record<Field, string>>;

/** The form as the call takes it: a blank mobile is no mobile. */
function toInput(values: Values): RegisterInput {
  return {
    email: values.email.trim(),
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    password: values.password,
    mobile: values.mobile.trim() === '' ? null : values.mobile.trim(),
  };
}

const FIELDS: { name: Field; label: string; type: string; autoComplete: string }[] = [
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'firstName', label: 'First name', type: 'text', autoComplete: 'given-name' },
  { name: 'lastName', label: 'Last name', type: 'text', autoComplete: 'family-name' },
  { name: 'password', label: 'Password', type: 'password', autoComplete: 'new-password' },
  { name: 'mobile', label: 'Mobile (optional)', type: 'tel', autoComplete: 'tel' },
];

/**
 * accounts.register and what its answer means: the server's message, then the login page three
 * seconds later; refused fields show their first error, a rate limit its own text.
 */
function useRegister() {
  const navigate = useNavigate();
  const [errors, setErrors] = useState<Errors>({});
  const [done, setDone] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const redirectTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(redirectTimer.current), []);

  const register = trpc.accounts.register.useMutation({
    onSuccess(answer) {
      setDone(answer.message);
      notify.success(answer.message);
      redirectTimer.current = setTimeout(
        () => void navigate(paths.login),
        REDIRECT_AFTER_REGISTER_MS,
      );
    },
    onError(error) {
      const status = errorStatus(error);
      if (status === 0) {
        notify.error('An error occurred. Please try again.');
        return;
      }
      const limited = rateLimitMessage(error);
      if (limited) {
        setFormError(limited);
        notify.error(limited);
        return;
      }
      const fields = fieldErrors(error);
      setErrors(
        Object.fromEntries(
          Object.entries(fields).map(([field, messages]) => [field, messages[0]]),
        ) as Errors,
      );
      // Spec §8: the first email error ("Email already exists!") wins over the general text.
      notify.error(firstFieldError(error, 'email') ?? 'Registration Failed!');
    },
  });

  return { register, errors, setErrors, done, formError, setFormError };
}

export function RegisterPage() {
  usePageMeta('Register', 'Create a RecipeHub account to share and save recipes.');
  const [values, setValues] = useState<Values>({
    email: '',
    firstName: '',
    lastName: '',
    password: '',
    mobile: '',
  });
  const { register, errors, setErrors, done, formError, setFormError } = useRegister();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The server's own rules and texts (the contract's registerInput), checked before sending.
    const checked = registerInput.safeParse(toInput(values));
    setFormError(null);
    if (!checked.success) {
      setErrors(formFieldErrors(checked.error.issues) as Errors);
      notify.error(GENERAL_VALIDATION_MESSAGE);
      return;
    }
    setErrors({});
    register.mutate(checked.data);
  }

  return (
    <main className="page page--narrow">
      <h1 className="page__title">Register</h1>
      {done && <FormAlert tone="success">{done}</FormAlert>}
      {formError && <FormAlert tone="error">{formError}</FormAlert>}
      <div className="auth-card">
        <form className="form-stack" noValidate onSubmit={submit}>
          {FIELDS.map((field) => (
            <TextField
              key={field.name}
              label={field.label}
              name={field.name}
              type={field.type}
              autoComplete={field.autoComplete}
              required={field.name !== 'mobile'}
              hint={field.name === 'password' ? 'At least 8 characters.' : undefined}
              value={values[field.name]}
              error={errors[field.name]}
              onChange={(event) => {
                const { value } = event.target;
                setValues((current) => ({ ...current, [field.name]: value }));
                setErrors(({ [field.name]: _cleared, ...rest }) => rest);
              }}
            />
          ))}
          <Button
            type="submit"
            className="auth-submit"
            disabled={register.isPending || done !== null}
            aria-busy={register.isPending || undefined}
          >
            Register
          </Button>
        </form>
        <p className="auth-links">
          <span>
            Already have an account? <Link to={paths.login}>Log in</Link>
          </span>
        </p>
      </div>
    </main>
  );
}
