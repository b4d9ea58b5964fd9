import { Send } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from './button';
import './comment-form.css';

export type CommentFormProps = {
  /**
   * Called with the trimmed text; empty or blank text is ignored without a message (spec §5).
   * When it returns a promise, the field is emptied once it resolves (kept if it rejects).
   */
  onSubmit: (content: string) => void | Promise<unknown>;
  pending?: boolean;
  label?: string;
  placeholder?: string;
};

/** A single-field form to add a comment; Enter in the field submits. */
export function CommentForm({
  onSubmit,
  pending = false,
  label = 'Add a comment',
  placeholder = 'Share your thoughts…',
}: CommentFormProps) {
  const [draft, setDraft] = useState('');
  const inputId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const content = draft.trim();
    if (content === '' || pending) return;
    const result = onSubmit(content);
    if (result instanceof Promise) {
      result.then(
        () => setDraft(''),
        () => {},
      );
    } else {
      setDraft('');
    }
  };

  return (
    <form className="rh-comment-form" onSubmit={submit} aria-label="Comment">
      <label htmlFor={inputId} className="rh-visually-hidden">
        {label}
      </label>
      <input
        id={inputId}
        className="rh-comment-form__input"
        value={draft}
        placeholder={placeholder}
        maxLength={2000}
        disabled={pending}
        onChange={(event) => setDraft(event.target.value)}
      />
      <Button type="submit" disabled={pending} aria-busy={pending || undefined}>
        <Send size={16} aria-hidden />
        Post
      </Button>
    </form>
  );
}
