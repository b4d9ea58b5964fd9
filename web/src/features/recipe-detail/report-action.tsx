import { REPORT_REASONS, type ReportReason, type ReportTargetType } from '@recipehub/openapi/enums';
import { MAX_REPORT_DETAILS } from '@recipehub/openapi/limits';
import { REPORT_SENT } from '@recipehub/openapi/messages';
import { ReportDialog, type ReportDialogState } from '@recipehub/ui/report-dialog';
import { useState } from 'react';
import { useAuth } from '../../lib/auth-context';
import { trpc } from '../../lib/trpc';
import { serverMessage } from '../../lib/trpc-errors';

const REASON_LABELS: Record<ReportReason, { label: string; description?: string }> = {
  spam: { label: 'Spam', description: 'Advertising or repeated posts' },
  offensive: { label: 'Offensive' },
  harassment: { label: 'Harassment', description: 'Aimed at a person' },
  unsafe: { label: 'Unsafe', description: 'Dangerous food advice' },
  copyright: { label: 'Copyright', description: 'Someone else’s work' },
  other: { label: 'Something else' },
};
const REASONS = REPORT_REASONS.map((value) => ({ value, ...REASON_LABELS[value] }));

export type ReportActionProps = {
  targetType: Exclude<ReportTargetType, 'user'>;
  targetId: number;
  /** "recipe", "comment", "review": the dialog's title and the button's name. */
  itemLabel: string;
  /** The item's author; a member never reports their own content (null: a deleted account). */
  authorHandle: string | null;
};

/**
 * "Report" on an item, for signed-in members other than its author: the dialog sends
 * `reports.create` and shows the server's answer (a second report's 409 text, the hourly limit).
 */
export function ReportAction({ targetType, targetId, itemLabel, authorHandle }: ReportActionProps) {
  const { user } = useAuth();
  const [state, setState] = useState<ReportDialogState>('idle');
  const [error, setError] = useState<string>();
  const report = trpc.reports.create.useMutation({
    onMutate: () => setState('submitting'),
    onSuccess: () => setState('sent'),
    onError(failure) {
      setError(serverMessage(failure) ?? 'The report could not be sent. Please try again.');
      setState('error');
    },
  });
  if (!user || user.handle === authorHandle) return null;
  return (
    <ReportDialog
      itemLabel={itemLabel}
      reasons={REASONS}
      state={state}
      error={error}
      sentMessage={REPORT_SENT}
      maxDetails={MAX_REPORT_DETAILS}
      onOpenChange={(open) => {
        // A fresh form each time it opens.
        if (open) setState('idle');
      }}
      onSubmit={({ reason, details }) =>
        report.mutate({
          target_type: targetType,
          target_id: targetId,
          reason: reason as ReportReason,
          details: details || null,
        })
      }
    />
  );
}
