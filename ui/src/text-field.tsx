import * as Label from '@radix-ui/react-label';
import { useId, type ComponentProps, type ReactNode } from 'react';
import './text-field.css';

type FieldProps = {
  label: ReactNode;
  /** Shown under the field and linked with aria-describedby; marks the field invalid. */
  error?: ReactNode;
  hint?: ReactNode;
};

function useFieldIds(id: string | undefined) {
  const generated = useId();
  const inputId = id ?? generated;
  return { inputId, hintId: `${inputId}-hint`, errorId: `${inputId}-error` };
}

function describedBy(...ids: (string | false | undefined)[]) {
  return ids.filter(Boolean).join(' ') || undefined;
}

/** The hint and the error under a control, with the ids its aria-describedby points to. */
function FieldMessages({
  hint,
  hintId,
  error,
  errorId,
}: Pick<FieldProps, 'hint' | 'error'> & { hintId: string; errorId: string }) {
  return (
    <>
      {hint !== undefined && (
        <span id={hintId} className="rh-field__hint">
          {hint}
        </span>
      )}
      {error !== undefined && (
        <p id={errorId} className="rh-field__error" role="alert">
          {error}
        </p>
      )}
    </>
  );
}

export type TextFieldProps = ComponentProps<'input'> & FieldProps;

export function TextField({ label, error, hint, id, className, ...props }: TextFieldProps) {
  const { inputId, hintId, errorId } = useFieldIds(id);
  return (
    <div className={['rh-field', className].filter(Boolean).join(' ')}>
      <Label.Root className="rh-field__label" htmlFor={inputId}>
        {label}
      </Label.Root>
      <input
        id={inputId}
        className="rh-field__input"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint !== undefined && hintId, error !== undefined && errorId)}
        {...props}
      />
      <FieldMessages hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
}

export type TextAreaProps = ComponentProps<'textarea'> & FieldProps;

export function TextArea({ label, error, hint, id, className, ...props }: TextAreaProps) {
  const { inputId, hintId, errorId } = useFieldIds(id);
  return (
    <div className={['rh-field', className].filter(Boolean).join(' ')}>
      <Label.Root className="rh-field__label" htmlFor={inputId}>
        {label}
      </Label.Root>
      <textarea
        id={inputId}
        className="rh-field__input"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint !== undefined && hintId, error !== undefined && errorId)}
        {...props}
      />
      <FieldMessages hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
}

export type SelectFieldProps = ComponentProps<'select'> &
  FieldProps & {
    /** `inline`: the label beside the select, for toolbars; `stacked` (default): above it. */
    layout?: 'stacked' | 'inline';
  };

/** A native `<select>` (options as children) in the look of the text fields. */
export function SelectField({
  label,
  error,
  hint,
  id,
  className,
  layout = 'stacked',
  children,
  ...props
}: SelectFieldProps) {
  const { inputId, hintId, errorId } = useFieldIds(id);
  return (
    <div
      className={['rh-field', layout === 'inline' && 'rh-field--inline', className]
        .filter(Boolean)
        .join(' ')}
    >
      <Label.Root className="rh-field__label" htmlFor={inputId}>
        {label}
      </Label.Root>
      <select
        id={inputId}
        className="rh-field__input"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint !== undefined && hintId, error !== undefined && errorId)}
        {...props}
      >
        {children}
      </select>
      <FieldMessages hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
}
