import { CheckCircle2, Link2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from './button';
import { Spinner } from './spinner';
import { TextField } from './text-field';
import './import-link-form.css';

/** Where an import stands; the messages are the server's. */
export type ImportLinkState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'refused'; message: string }
  | { status: 'no-recipe'; message: string }
  | { status: 'success'; title: string };

export type ImportLinkFormProps = {
  state: ImportLinkState;
  onImport(url: string): void;
  defaultUrl?: string;
};

/**
 * "Import from a link" on the add-recipe page: a link field and an Import button. A refused link
 * or a page without a recipe is said beside the field (as an alert); success says what was read
 * and that the form below holds it for review. The state is the caller's: this only shows it.
 */
export function ImportLinkForm({ state, onImport, defaultUrl = '' }: ImportLinkFormProps) {
  const [url, setUrl] = useState(defaultUrl);
  const [empty, setEmpty] = useState(false);
  const id = useId();
  const loading = state.status === 'loading';
  const error =
    empty && url.trim() === ''
      ? 'Please give the link of a recipe page.'
      : state.status === 'refused' || state.status === 'no-recipe'
        ? state.message
        : undefined;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (url.trim() === '') {
      setEmpty(true);
      return;
    }
    onImport(url.trim());
  }

  return (
    <form
      className="rh-import-link"
      aria-labelledby={`${id}-title`}
      data-state={state.status}
      noValidate
      onSubmit={submit}
    >
      <h2 id={`${id}-title`} className="rh-import-link__title">
        <Link2 size={20} aria-hidden /> Import from a link
      </h2>
      <div className="rh-import-link__row">
        <TextField
          id={`${id}-url`}
          className="rh-import-link__field"
          label="Recipe page link"
          name="url"
          type="url"
          inputMode="url"
          autoComplete="url"
          placeholder="https://…"
          hint="We read the recipe on that page into the form below, for you to check before saving."
          value={url}
          error={error}
          disabled={loading}
          onChange={(event) => {
            setUrl(event.target.value);
            setEmpty(false);
          }}
        />
        <Button
          type="submit"
          variant="secondary"
          disabled={loading}
          aria-busy={loading || undefined}
        >
          {loading ? <Spinner size={18} label="Reading the recipe…" /> : null}
          Import
        </Button>
      </div>
      {state.status === 'success' && (
        <p className="rh-import-link__success" role="status">
          <CheckCircle2 size={18} aria-hidden /> Read “{state.title}”. Check the form below, then
          save it.
        </p>
      )}
    </form>
  );
}
