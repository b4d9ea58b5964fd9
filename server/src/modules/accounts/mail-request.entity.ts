import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

export const MAIL_REQUEST_PURPOSES = ['verify-email', 'password-reset'] as const;
export type MailRequestPurpose = (typeof MAIL_REQUEST_PURPOSES)[number];

/**
 * "Send this email a verification link / a reset code if it has an account": what
 * resend-verification and send-otp store, for known and unknown emails alike, so both answers do
 * exactly the same work and take the same time. The outbox worker resolves each request after the
 * answer (`mail-requests.ts`): it creates the link or code and its mail when the account exists,
 * and deletes the request either way. Deliberately not tied to a user row, like `send_throttle`.
 */
export const MailRequest = defineEntity({
  name: 'MailRequest',
  tableName: 'mail_request',
  properties: {
    id: p.integer().primary(),
    purpose: p.enum([...MAIL_REQUEST_PURPOSES]),
    email: p.string().length(254),
    requestedAt: p.datetime(3),
  },
});

export type MailRequest = InferEntity<typeof MailRequest>;
