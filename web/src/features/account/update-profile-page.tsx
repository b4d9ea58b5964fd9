import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { PROFILE_SEXES, type ProfileSex } from '@recipehub/openapi/enums';
import { firstFieldMessages, formFieldErrors } from '@recipehub/openapi/field-errors';
import { MAX_PROFILE_IMAGE_BYTES } from '@recipehub/openapi/limits';
import { CURRENT_PASSWORD_NEEDED, PROFILE_IMAGE_TOO_LARGE } from '@recipehub/openapi/messages';
import { profileUpdateInput } from '@recipehub/openapi/schemas/accounts';
import { Avatar } from '@recipehub/ui/avatar';
import { Button } from '@recipehub/ui/button';
import { EmptyState } from '@recipehub/ui/empty-state';
import { Spinner } from '@recipehub/ui/spinner';
import { TextArea, TextField } from '@recipehub/ui/text-field';
import type { CurrentUser } from '../auth/auth-context';
import { notify } from '../../lib/notify';
import { usePageMeta } from '../../lib/page-meta';
import { trpc } from '../../lib/trpc';
import { useErrorToast } from '../../lib/use-error-toast';
import {
  updateFailure,
  uploadProfile,
  type ProfileUpdateAnswer,
  type ProfileUpdateInput,
} from './profile-update-api';
import './account.css';

/** The sexes the select offers beside "not said" (''). */
const SEXES = PROFILE_SEXES.filter((sex) => sex !== '');
const IMAGE_TYPES = 'image/jpeg,image/png,image/webp,image/gif';

type Field =
  | 'firstName'
  | 'lastName'
  | 'mobile'
  | 'password'
  | 'currentPassword'
  | 'age'
  | 'sex'
  | 'bio'
  | 'portfolio'
  | 'facebook'
  | 'image';
type Errors = Partial<Record<Field, string>>;
type Values = Record<Exclude<Field, 'image' | 'sex'>, string> & { sex: ProfileSex };

function initialValues(user: CurrentUser): Values {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    mobile: user.mobile ?? '',
    password: '',
    currentPassword: '',
    age: user.profile.age === null ? '' : String(user.profile.age),
    sex: user.profile.sex,
    bio: user.profile.bio,
    portfolio: user.profile.portfolio ?? '',
    facebook: user.profile.facebook ?? '',
  };
}

/**
 * The server's profile rules and texts (the contract's profileUpdateInput), checked before
 * sending, plus what only the use case or the upload checks: the current password and the file.
 */
function validate(values: Values, image: File | null): Errors {
  const checked = profileUpdateInput.safeParse(toInput(values));
  const errors: Errors = checked.success ? {} : formFieldErrors(checked.error.issues);
  if (values.password && !values.currentPassword)
    errors.currentPassword ??= CURRENT_PASSWORD_NEEDED;
  // The file picker offers images only; this catches a file dropped on it anyway.
  if (image && !image.type.startsWith('image/')) errors.image = 'Please choose an image file.';
  else if (image && image.size > MAX_PROFILE_IMAGE_BYTES) errors.image = PROFILE_IMAGE_TOO_LARGE;
  return errors;
}

function toInput(values: Values): ProfileUpdateInput {
  const age = values.age.trim();
  return {
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    mobile: values.mobile.trim() === '' ? null : values.mobile.trim(),
    // Blank keeps the current password (spec §5).
    ...(values.password
      ? { password: values.password, currentPassword: values.currentPassword }
      : {}),
    profile: {
      // Number(), not parseInt: "1.5" and "12abc" must fail as the server says, not pass as 1.
      age: age === '' ? null : Number(age),
      sex: values.sex,
      bio: values.bio,
      portfolio: values.portfolio.trim() === '' ? null : values.portfolio.trim(),
      facebook: values.facebook.trim() === '' ? null : values.facebook.trim(),
    },
  };
}

/** /dashboard/update-profile/ (spec §2, §5). */
export function UpdateProfilePage() {
  usePageMeta('Update profile', 'Edit your RecipeHub name, contact details, links and picture.');
  const profile = trpc.accounts.profile.useQuery(undefined, { retry: false, staleTime: 60_000 });
  const failed =
    profile.isError || (profile.data !== undefined && profile.data.status !== 'success');
  useErrorToast(failed, 'Failed to fetch profile data!');
  const user = profile.data?.data;

  return (
    <main className="page page--narrow">
      <h1 className="page__title">Update profile</h1>
      {failed ? (
        <EmptyState
          title="Failed to fetch profile data!"
          action={
            <Button variant="secondary" onClick={() => void profile.refetch()}>
              Try again
            </Button>
          }
        />
      ) : user ? (
        <ProfileForm user={user} />
      ) : (
        <Spinner label="Loading profile…" />
      )}
    </main>
  );
}

function ProfileForm({ user }: { user: CurrentUser }) {
  const utils = trpc.useUtils();
  const [values, setValues] = useState<Values>(() => initialValues(user));
  const [image, setImage] = useState<File | null>(null);
  const [fileInputKey, setFileInputKey] = useState(0);
  const [errors, setErrors] = useState<Errors>({});
  const preview = useMemo(() => (image ? URL.createObjectURL(image) : null), [image]);
  // The object URL holds the file in memory until revoked.
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const trpcUpdate = trpc.accounts.updateProfile.useMutation();
  const save = useMutation({
    mutationFn: ({ input, file }: { input: ProfileUpdateInput; file: File | null }) =>
      file ? uploadProfile(input, file) : trpcUpdate.mutateAsync(input),
    onSuccess(answer: ProfileUpdateAnswer) {
      utils.accounts.profile.setData(undefined, { status: 'success', data: answer.data });
      void utils.accounts.profile.invalidate();
      notify.success('Profile Updated Successfully!');
      setValues(initialValues(answer.data));
      setImage(null);
      setFileInputKey((key) => key + 1);
      setErrors({});
    },
    onError(error) {
      const { status, fields } = updateFailure(error);
      if (status === 401) return; // the session is over; the app goes to /login
      setErrors(firstFieldMessages(fields) as Errors);
      notify.error('Profile Update Failed!');
    },
  });

  const set = (field: Exclude<Field, 'image'>) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _cleared, ...rest }) => rest);
  };

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validate(values, image);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      notify.error('Profile Update Failed!');
      return;
    }
    save.mutate({ input: toInput(values), file: image });
  }

  const name = `${user.firstName} ${user.lastName}`.trim();
  const text = (field: Exclude<Field, 'image' | 'sex'>) => ({
    name: field,
    value: values[field],
    error: errors[field],
    onChange: (event: { target: { value: string } }) => set(field)(event.target.value),
  });

  return (
    <form className="form-stack profile-form" noValidate onSubmit={submit}>
      <div className="profile-form__avatar">
        {preview ? (
          <img
            className="profile-form__preview"
            src={preview}
            alt="Preview of your new profile picture"
            width={96}
            height={96}
          />
        ) : (
          <Avatar name={name} src={user.profile.image} size={96} />
        )}
        <div className="rh-field">
          <label className="rh-field__label" htmlFor="profile-image">
            Profile picture
          </label>
          <input
            key={fileInputKey}
            id="profile-image"
            className="profile-form__file"
            type="file"
            accept={IMAGE_TYPES}
            aria-invalid={errors.image ? true : undefined}
            aria-describedby={errors.image ? 'profile-image-error' : 'profile-image-hint'}
            onChange={(event) => {
              setImage(event.target.files?.[0] ?? null);
              setErrors(({ image: _cleared, ...rest }) => rest);
            }}
          />
          <span id="profile-image-hint" className="rh-field__hint">
            JPEG, PNG, WebP or GIF, at most 5 MB.
          </span>
          {errors.image && (
            <p id="profile-image-error" className="rh-field__error" role="alert">
              {errors.image}
            </p>
          )}
        </div>
      </div>
      <TextField
        label="Email"
        name="email"
        type="email"
        value={user.email}
        readOnly
        hint="Your email cannot be changed."
      />
      <TextField label="First name" autoComplete="given-name" required {...text('firstName')} />
      <TextField label="Last name" autoComplete="family-name" required {...text('lastName')} />
      <TextField label="Mobile" type="tel" autoComplete="tel" {...text('mobile')} />
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        hint="Leave blank to keep your current password."
        {...text('password')}
      />
      {values.password !== '' && (
        <TextField
          label="Current password"
          type="password"
          autoComplete="current-password"
          required
          hint="Needed to set a new password."
          {...text('currentPassword')}
        />
      )}
      <TextField
        label="Age"
        type="number"
        inputMode="numeric"
        min={0}
        max={150}
        step={1}
        {...text('age')}
      />
      <div className="rh-field">
        <label className="rh-field__label" htmlFor="profile-sex">
          Sex
        </label>
        <select
          id="profile-sex"
          className="rh-field__input"
          value={values.sex}
          aria-invalid={errors.sex ? true : undefined}
          aria-describedby={errors.sex ? 'profile-sex-error' : undefined}
          onChange={(event) => set('sex')(event.target.value)}
        >
          <option value="">Prefer not to say</option>
          {SEXES.map((sex) => (
            <option key={sex} value={sex}>
              {sex}
            </option>
          ))}
        </select>
        {errors.sex && (
          <p id="profile-sex-error" className="rh-field__error" role="alert">
            {errors.sex}
          </p>
        )}
      </div>
      <TextArea label="Bio" rows={4} maxLength={1000} {...text('bio')} />
      <TextField
        label="Portfolio URL"
        type="url"
        inputMode="url"
        placeholder="https://…"
        {...text('portfolio')}
      />
      <TextField
        label="Facebook URL"
        type="url"
        inputMode="url"
        placeholder="https://…"
        {...text('facebook')}
      />
      <Button type="submit" disabled={save.isPending} aria-busy={save.isPending || undefined}>
        Save profile
      </Button>
    </form>
  );
}
