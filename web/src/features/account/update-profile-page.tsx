import type { FormEvent } from 'react';
import { PROFILE_SEXES, type ProfileSex } from '@recipehub/openapi/enums';
import { firstFieldMessages, formFieldErrors } from '@recipehub/openapi/field-errors';
import { MAX_PROFILE_IMAGE_BYTES, PROFILE_IMAGE_TYPES } from '@recipehub/openapi/limits';
import {
  CURRENT_PASSWORD_NEEDED,
  PROFILE_IMAGE_TOO_LARGE,
  PROFILE_IMAGE_TYPE_ERROR,
} from '@recipehub/openapi/messages';
import { profileUpdateInput } from '@recipehub/openapi/schemas/accounts';
import { Button } from '@recipehub/ui/button';
import { EmptyState } from '@recipehub/ui/empty-state';
import { Spinner } from '@recipehub/ui/spinner';
import { TextArea, TextField } from '@recipehub/ui/text-field';
import type { CurrentUser } from '../../lib/auth-context';
import { notify } from '../../lib/notify';
import { usePageMeta } from '../../lib/page-meta';
import { trpc } from '../../lib/trpc';
import { useErrorToast } from '../../lib/use-error-toast';
import { useFieldValues } from '../../lib/use-field-values';
import type { ProfileUpdateInput } from './profile-update-api';
import { PasswordFields, SexField } from './profile-fields';
import { ProfilePictureField } from './profile-picture-field';
import { usePictureChoice } from './use-picture-choice';
import { useProfileSave } from './use-profile-save';
import './account.css';

/** The sexes the select offers beside "not said" (''). */
const SEXES = PROFILE_SEXES.filter((sex) => sex !== '');

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
  // The file picker offers these types only; this catches another file dropped on it anyway,
  // with the server's own text.
  const acceptedType = (PROFILE_IMAGE_TYPES as readonly string[]).includes(image?.type ?? '');
  if (image && !acceptedType) errors.image = PROFILE_IMAGE_TYPE_ERROR;
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
  const form = useFieldValues<Values, Field>(() => initialValues(user));
  const { values, errors, setErrors, field } = form;
  const picture = usePictureChoice();
  const save = useProfileSave({
    onSaved(answer) {
      form.setValues(initialValues(answer.data));
      picture.clear();
      setErrors({});
    },
    onFieldErrors: (fields) => setErrors(firstFieldMessages(fields) as Errors),
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validate(values, picture.image);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      notify.error('Profile Update Failed!');
      return;
    }
    save.mutate({ input: toInput(values), file: picture.image });
  }

  return (
    <form className="form-stack profile-form" noValidate onSubmit={submit}>
      <ProfilePictureField
        name={`${user.firstName} ${user.lastName}`.trim()}
        currentImage={user.profile.image}
        picture={picture}
        error={errors.image}
        onChosen={() => setErrors(({ image: _cleared, ...rest }) => rest)}
      />
      <TextField
        label="Email"
        name="email"
        type="email"
        value={user.email}
        readOnly
        hint="Your email cannot be changed."
      />
      <TextField label="First name" autoComplete="given-name" required {...field('firstName')} />
      <TextField label="Last name" autoComplete="family-name" required {...field('lastName')} />
      <TextField label="Mobile" type="tel" autoComplete="tel" {...field('mobile')} />
      <PasswordFields password={field('password')} current={field('currentPassword')} />
      <TextField
        label="Age"
        type="number"
        inputMode="numeric"
        min={0}
        max={150}
        step={1}
        {...field('age')}
      />
      <SexField options={SEXES} {...field('sex')} />
      <TextArea label="Bio" rows={4} maxLength={1000} {...field('bio')} />
      <TextField
        label="Portfolio URL"
        type="url"
        inputMode="url"
        placeholder="https://…"
        {...field('portfolio')}
      />
      <TextField
        label="Facebook URL"
        type="url"
        inputMode="url"
        placeholder="https://…"
        {...field('facebook')}
      />
      <Button type="submit" disabled={save.isPending} aria-busy={save.isPending || undefined}>
        Save profile
      </Button>
    </form>
  );
}
