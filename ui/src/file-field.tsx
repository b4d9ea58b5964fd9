import { useId, useRef, type ReactNode } from 'react';
import { Button } from './button';
import { Spinner } from './spinner';
import './text-field.css';
import './file-field.css';

export type FileFieldProps = {
  label: ReactNode;
  /** Shown under the field and linked with aria-describedby. */
  hint?: ReactNode;
  /** Shown under the field; marks the picker invalid. */
  error?: ReactNode;
  /** What the picker offers, e.g. `image/jpeg,image/png,image/webp,image/avif`. */
  accept?: string;
  /** The chosen or current image; without it the empty frame shows. */
  previewSrc?: string | null;
  /** The preview's alternative text. */
  previewAlt?: string;
  /** What the frame shows without a preview, e.g. the current avatar; by default "No photo chosen". */
  emptyPreview?: ReactNode;
  /** `circle`: a 6rem round frame, for a profile picture; `landscape` (default): 4:3, up to 20rem. */
  shape?: 'landscape' | 'circle';
  /** The button's text without a preview (default "Choose a photo") and with one ("Replace photo"). */
  chooseLabel?: string;
  replaceLabel?: string;
  /** While the chosen file is being sent: the buttons wait and a status is announced. */
  uploading?: boolean;
  disabled?: boolean;
  /** A file was picked (the picker is cleared after, so the same file can be picked again). */
  onFileChange: (file: File) => void;
  /** Remove the image; the Remove button shows only with a preview and this handler. */
  onRemove?: () => void;
  id?: string;
  name?: string;
};

/**
 * A file picker in the look of the text fields: a preview frame (landscape for a photo, round for
 * a profile picture), a "Choose a photo" button
 * (a label for the native input, which stays focusable and keyboard-operable), Replace/Remove once
 * there is an image, an uploading status, a hint and an error.
 */
export function FileField({
  label,
  hint,
  error,
  accept,
  previewSrc,
  previewAlt = 'Chosen photo',
  emptyPreview = <span className="rh-file-field__empty">No photo chosen</span>,
  shape = 'landscape',
  chooseLabel = 'Choose a photo',
  replaceLabel = 'Replace photo',
  uploading = false,
  disabled = false,
  onFileChange,
  onRemove,
  id,
  name,
}: FileFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const described = [hint !== undefined && hintId, error !== undefined && errorId]
    .filter(Boolean)
    .join(' ');
  return (
    <div
      className="rh-field rh-file-field"
      data-state={uploading ? 'uploading' : undefined}
      data-shape={shape}
    >
      <label className="rh-field__label" htmlFor={inputId}>
        {label}
      </label>
      <PreviewFrame
        previewSrc={previewSrc}
        previewAlt={previewAlt}
        emptyPreview={emptyPreview}
        uploading={uploading}
      />
      <PickerActions
        inputId={inputId}
        name={name}
        accept={accept}
        busy={disabled || uploading}
        invalid={Boolean(error)}
        describedBy={described || undefined}
        buttonLabel={previewSrc ? replaceLabel : chooseLabel}
        onFileChange={onFileChange}
        onRemove={previewSrc ? onRemove : undefined}
      />
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
    </div>
  );
}

/** The preview (or what shows without one) and, while sending, the uploading status over it. */
function PreviewFrame({
  previewSrc,
  previewAlt,
  emptyPreview,
  uploading,
}: Pick<FileFieldProps, 'previewSrc' | 'emptyPreview'> & {
  previewAlt: string;
  uploading: boolean;
}) {
  return (
    <div className="rh-file-field__frame" data-empty={previewSrc ? undefined : true}>
      {previewSrc ? (
        <img className="rh-file-field__preview" src={previewSrc} alt={previewAlt} />
      ) : (
        emptyPreview
      )}
      {uploading && (
        <span className="rh-file-field__status">
          <Spinner label="Uploading the photo…" size={20} /> Uploading…
        </span>
      )}
    </div>
  );
}

interface PickerActionsProps extends Pick<FileFieldProps, 'name' | 'accept' | 'onFileChange'> {
  inputId: string;
  /** Disabled or uploading: the input and both buttons wait. */
  busy: boolean;
  invalid: boolean;
  describedBy: string | undefined;
  buttonLabel: string;
  /** Given only when there is a preview to remove. */
  onRemove: (() => void) | undefined;
}

/**
 * The native input (focusable, keyboard-operable), the Choose/Replace button that opens it for a
 * pointer, and Remove.
 */
function PickerActions({
  inputId,
  name,
  accept,
  busy,
  invalid,
  describedBy,
  buttonLabel,
  onFileChange,
  onRemove,
}: PickerActionsProps) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <div className="rh-file-field__actions">
      <input
        ref={input}
        id={inputId}
        name={name}
        type="file"
        className="rh-file-field__input"
        accept={accept}
        disabled={busy}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          event.currentTarget.value = '';
          if (file) onFileChange(file);
        }}
      />
      <Button
        type="button"
        variant="secondary"
        disabled={busy}
        aria-hidden
        tabIndex={-1}
        onClick={() => input.current?.click()}
      >
        {buttonLabel}
      </Button>
      {onRemove && (
        <Button type="button" variant="ghost" disabled={busy} onClick={onRemove}>
          Remove photo
        </Button>
      )}
    </div>
  );
}
