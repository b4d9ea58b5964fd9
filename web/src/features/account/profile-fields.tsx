import { SelectField, TextField } from '@recipehub/ui/text-field';

type FieldProps = {
  name: string;
  value: string;
  error: string | undefined;
  onChange(event: { target: { value: string } }): void;
};

/** Sex, optional: "Prefer not to say" or one of `options`. */
export function SexField({ options, ...field }: FieldProps & { options: readonly string[] }) {
  return (
    <SelectField label="Sex" {...field}>
      <option value="">Prefer not to say</option>
      {options.map((sex) => (
        <option key={sex} value={sex}>
          {sex}
        </option>
      ))}
    </SelectField>
  );
}

/** A new password, and the current one once a new one is typed (spec §5: blank keeps it). */
export function PasswordFields({
  password,
  current,
}: {
  password: FieldProps;
  current: FieldProps;
}) {
  return (
    <>
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        hint="Leave blank to keep your current password."
        {...password}
      />
      {password.value !== '' && (
        <TextField
          label="Current password"
          type="password"
          autoComplete="current-password"
          required
          hint="Needed to set a new password."
          {...current}
        />
      )}
    </>
  );
}
