import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Profile } from '../../src/modules/users/profile.entity.js';
import { bearer, createAccount, loginToken, useAccountServer } from '../support/account-server.js';
import { multipartForm } from '../support/multipart-form.js';
import { OpenApiContract } from '../support/openapi-contract.js';
import { forEachDatabase } from '../support/test-database.js';

let contract: OpenApiContract;
beforeAll(async () => {
  contract = await OpenApiContract.load();
});

const FACEBOOK = 'https://facebook.com/nadia.cooks';
const PORTFOLIO = 'https://nadia-cooks.example.com';
const NOT_A_LINK = {
  'profile.portfolio': ['Portfolio must be a link starting with http:// or https://.'],
  'profile.facebook': ['Facebook must be a link starting with http:// or https://.'],
};

/**
 * The profile's links are an http(s) URL or, in the form, empty to clear them (the contract's
 * HttpUrl). Found by the contract fuzz (FUZZ_SEED=215696905): a value of spaces only was trimmed
 * to empty and cleared the link with a 200.
 */
forEachDatabase(({ orm, db }) => {
  const server = useAccountServer(db);
  let token: string;
  beforeEach(async () => {
    await createAccount(orm().em.fork(), { email: 'nadia@example.com' });
    token = await loginToken(server.app, 'nadia@example.com');
    const set = await update({ profile: { facebook: FACEBOOK, portfolio: PORTFOLIO } });
    expect(set.statusCode).toBe(200);
  });

  function update(payload: object, headers: Record<string, string> = {}) {
    return contract.inject(server.app, {
      method: 'PUT',
      url: '/api/accounts/profile/update/',
      payload,
      headers: { ...bearer(token), ...headers },
    });
  }
  async function storedLinks() {
    const profile = await orm()
      .em.fork()
      .findOneOrFail(Profile, { user: { email: 'nadia@example.com' } });
    return { facebook: profile.facebook, portfolio: profile.portfolio };
  }

  describe('PUT /api/accounts/profile/update/ (links)', () => {
    it('refuses links of spaces only in the form, with each field’s error, and keeps them', async () => {
      const body = multipartForm({ 'profile.facebook': '   ', 'profile.portfolio': '  ' });
      const response = await update(body.payload, body.headers);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        status: 'failed',
        message: 'Profile Update Failed!',
        errors: NOT_A_LINK,
      });
      expect(await storedLinks()).toEqual({ facebook: FACEBOOK, portfolio: PORTFOLIO });
    });

    it('refuses links of spaces only, or with spaces around them, in JSON and through tRPC', async () => {
      for (const [facebook, portfolio] of [
        ['   ', '  '],
        [` ${FACEBOOK}`, `${PORTFOLIO} `],
      ]) {
        const response = await update({ profile: { facebook, portfolio } });
        expect(response.statusCode).toBe(400);
        expect(response.json().errors).toEqual(NOT_A_LINK);
        await expect(
          server.caller(token).accounts.updateProfile({ profile: { facebook } }),
        ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
      }
      expect(await storedLinks()).toEqual({ facebook: FACEBOOK, portfolio: PORTFOLIO });
    });

    it('clears a link sent empty in the form', async () => {
      const body = multipartForm({ 'profile.facebook': '' });
      const response = await update(body.payload, body.headers);
      expect(response.statusCode).toBe(200);
      expect(response.json().data.profile).toMatchObject({ facebook: null, portfolio: PORTFOLIO });
    });
  });
});
