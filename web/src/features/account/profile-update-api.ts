import type { RouterInputs, RouterOutputs } from '../../lib/router-types';
import { readToken, clearSession } from '../../lib/token-store';
import { SESSION_EXPIRED_EVENT } from '../../lib/trpc';
import { errorStatus, fieldErrors } from '../../lib/trpc-errors';

export type ProfileUpdateInput = RouterInputs['accounts']['updateProfile'];
export type ProfileUpdateAnswer = RouterOutputs['accounts']['updateProfile'];

/** A failed multipart update: the account envelope `{status, message, errors?}` (openapi). */
export class ProfileUploadError extends Error {
  constructor(
    readonly status: number,
    readonly errors: Record<string, string[]>,
  ) {
    super('Profile Update Failed!');
  }
}

/** Status and field errors of either path's failure (0: no answer). */
export function updateFailure(error: unknown): {
  status: number;
  fields: Record<string, string[]>;
} {
  if (error instanceof ProfileUploadError) return { status: error.status, fields: error.errors };
  return { status: errorStatus(error), fields: fieldErrors(error) };
}

/**
 * With a new picture the update goes through REST multipart (tRPC carries JSON): the same fields,
 * nested profile ones as dotted names (`profile.age`), the file as `profile.image`.
 */
export async function uploadProfile(
  input: ProfileUpdateInput,
  image: File,
): Promise<ProfileUpdateAnswer> {
  const form = new FormData();
  const put = (name: string, value: string | null | undefined) => {
    if (value !== undefined) form.append(name, value ?? '');
  };
  put('firstName', input.firstName);
  put('lastName', input.lastName);
  put('mobile', input.mobile);
  if (input.password) {
    put('password', input.password);
    put('currentPassword', input.currentPassword);
  }
  const profile = input.profile ?? {};
  put('profile.age', profile.age === null || profile.age === undefined ? '' : String(profile.age));
  put('profile.sex', profile.sex);
  put('profile.bio', profile.bio);
  put('profile.portfolio', profile.portfolio);
  put('profile.facebook', profile.facebook);
  form.append('profile.image', image);

  const token = readToken();
  let response: Response;
  try {
    response = await fetch('/api/accounts/profile/update/', {
      method: 'PUT',
      headers: token ? { authorization: `Bearer ${token}` } : {},
      body: form,
    });
  } catch {
    throw new ProfileUploadError(0, {});
  }
  const body = (await response.json().catch(() => null)) as
    (ProfileUpdateAnswer & { errors?: Record<string, string[]> }) | null;
  if (response.status === 401 && token !== null) {
    // Same rule as the tRPC client: a 401 ends the session (spec §4).
    clearSession();
    window.dispatchEvent(new Event(SESSION_EXPIRED_EVENT));
  }
  if (!response.ok || !body || body.status !== 'success') {
    throw new ProfileUploadError(response.status, body?.errors ?? {});
  }
  return body;
}
