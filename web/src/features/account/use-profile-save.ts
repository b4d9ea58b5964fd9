import { useMutation } from '@tanstack/react-query';
import { notify } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import {
  updateFailure,
  uploadProfile,
  type ProfileUpdateAnswer,
  type ProfileUpdateInput,
} from './profile-update-api';

type SaveHandlers = {
  onSaved(answer: ProfileUpdateAnswer): void;
  /** The server's field messages, keyed by its field names (`profile.age`). */
  onFieldErrors(fields: Record<string, string[]>): void;
};

/**
 * Saves the profile: through tRPC, or as a multipart upload when a new picture goes with it.
 * On success the cached profile is replaced with the answer, so the nav and pages show it at once.
 */
export function useProfileSave({ onSaved, onFieldErrors }: SaveHandlers) {
  const utils = trpc.useUtils();
  const trpcUpdate = trpc.accounts.updateProfile.useMutation();
  return useMutation({
    mutationFn: ({ input, file }: { input: ProfileUpdateInput; file: File | null }) =>
      file ? uploadProfile(input, file) : trpcUpdate.mutateAsync(input),
    onSuccess(answer: ProfileUpdateAnswer) {
      utils.accounts.profile.setData(undefined, { status: 'success', data: answer.data });
      void utils.accounts.profile.invalidate();
      notify.success('Profile Updated Successfully!');
      onSaved(answer);
    },
    onError(error) {
      const { status, fields } = updateFailure(error);
      if (status === 401) return; // the session is over; the app goes to /login
      onFieldErrors(fields);
      notify.error('Profile Update Failed!');
    },
  });
}
