import { useState } from 'react';

/**
 * A form's text values and the error shown beside each field. `field(name)` gives a field's
 * props (name, value, error, onChange); typing in a field clears its error.
 */
export function useFieldValues<Values extends Record<string, string>, Field extends string>(
  initial: () => Values,
) {
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const field = (name: keyof Values & Field) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) => {
      setValues((current) => ({ ...current, [name]: event.target.value }));
      setErrors(({ [name]: _cleared, ...rest }) => rest as Partial<Record<Field, string>>);
    },
  });
  return { values, setValues, errors, setErrors, field };
}
