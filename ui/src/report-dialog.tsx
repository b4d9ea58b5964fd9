import { Flag } from 'lucide-react';
import { useId, useState, type ComponentProps, type FormEvent, type ReactNode } from 'react';
import { Button } from './button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from './dialog';
import './report-dialog.css';

export type ReportReasonOption = { value: string; label: string; description?: string };

/** Where a report stands: being written, on its way, refused (with `error`), or received. */
export type ReportDialogState = 'idle' | 'submitting' | 'error' | 'sent';

export type ReportDialogProps = {
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** The element that opens the dialog (rendered through asChild); `ReportButton` by default. */
  trigger?: ReactNode;
  /** What is reported, for the title and the trigger's name: "recipe", "comment", "review". */
  itemLabel: string;
  reasons: readonly ReportReasonOption[];
  state?: ReportDialogState;
  /** The server's message when `state` is `error`. */
  error?: string;
  /** Said once the report is received. */
  sentMessage?: string;
  maxDetails?: number;
  onSubmit: (report: { reason: string; details: string }) => void;
};

/** A small "Report" button, named for what it reports ("Report this comment"). */
export function ReportButton({
  itemLabel,
  ...props
}: ComponentProps<typeof Button> & { itemLabel: string }) {
  return (
    <Button variant="ghost" size="sm" aria-label={`Report this ${itemLabel}`} {...props}>
      <Flag size={14} aria-hidden />
      Report
    </Button>
  );
}

type ReportFormProps = Pick<ReportDialogProps, 'reasons' | 'error' | 'onSubmit'> & {
  state: ReportDialogState;
  maxDetails: number;
};

/** The reasons as a radio group, the optional details and the problem, if any, in an alert. */
function ReportForm({ reasons, state, error, maxDetails, onSubmit }: ReportFormProps) {
  const [reason, setReason] = useState('');
  const [details, setDetails] = useState('');
  const [missingReason, setMissingReason] = useState(false);
  const name = useId();
  const detailsId = useId();
  const submitting = state === 'submitting';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    if (!reason) {
      setMissingReason(true);
      return;
    }
    onSubmit({ reason, details: details.trim() });
  };

  const problem = missingReason && !reason ? 'Choose a reason.' : state === 'error' ? error : '';

  return (
    <form className="rh-report-dialog__form" onSubmit={submit} aria-busy={submitting || undefined}>
      <DialogDescription>
        A moderator will look at it. The author is not told who reported it.
      </DialogDescription>
      <fieldset className="rh-report-dialog__reasons" disabled={submitting}>
        <legend>Why are you reporting it?</legend>
        {reasons.map((option) => (
          <label key={option.value} className="rh-report-dialog__reason">
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={reason === option.value}
              onChange={() => setReason(option.value)}
            />
            <span>
              <span className="rh-report-dialog__reason-label">{option.label}</span>
              {option.description && (
                <span className="rh-report-dialog__reason-hint">{option.description}</span>
              )}
            </span>
          </label>
        ))}
      </fieldset>
      <label htmlFor={detailsId} className="rh-report-dialog__details-label">
        Details (optional)
      </label>
      <textarea
        id={detailsId}
        className="rh-report-dialog__details"
        value={details}
        maxLength={maxDetails}
        rows={3}
        disabled={submitting}
        onChange={(event) => setDetails(event.target.value)}
      />
      <p role="alert" className="rh-report-dialog__error">
        {problem}
      </p>
      <div className="rh-report-dialog__actions">
        <DialogClose asChild>
          <Button type="button" variant="secondary" disabled={submitting}>
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit" disabled={submitting} aria-busy={submitting || undefined}>
          {submitting ? 'Sending…' : 'Send report'}
        </Button>
      </div>
    </form>
  );
}

/**
 * Reports an item: the reasons as a radio group (native radios in a fieldset: arrow keys move
 * between them, and screen readers announce the group's question), optional details, and the
 * outcome in a live region. The caller sends the report and says how it went through `state`.
 */
export function ReportDialog({
  open,
  defaultOpen,
  onOpenChange,
  trigger,
  itemLabel,
  reasons,
  state = 'idle',
  error,
  sentMessage = 'Thank you. A moderator will review your report.',
  maxDetails = 1000,
  onSubmit,
}: ReportDialogProps) {
  return (
    <Dialog open={open} defaultOpen={defaultOpen} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>{trigger ?? <ReportButton itemLabel={itemLabel} />}</DialogTrigger>
      <DialogContent
        className="rh-report-dialog"
        data-report-state={state}
        // Once sent the dialog has no description; saying so keeps Radix from warning.
        {...(state === 'sent' ? { 'aria-describedby': undefined } : {})}
      >
        <DialogTitle>Report this {itemLabel}</DialogTitle>
        {state === 'sent' ? (
          <>
            <p role="status" className="rh-report-dialog__sent">
              {sentMessage}
            </p>
            <DialogClose asChild>
              <Button variant="secondary">Done</Button>
            </DialogClose>
          </>
        ) : (
          <ReportForm
            reasons={reasons}
            state={state}
            error={error}
            maxDetails={maxDetails}
            onSubmit={onSubmit}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
