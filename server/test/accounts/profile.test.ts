import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { TRPCError } from '@trpc/server';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { User } from '../../src/modules/users/user.entity.js';
import {
  PASSWORD,
  bearer,
  createAccount,
  loginToken,
  useAccountServer,
} from '../support/account-server.js';
import { multipartForm } from '../support/multipart-form.js';
import { OpenApiContract } from '../support/openapi-contract.js';
import { forEachDatabase } from '../support/test-database.js';

let contract: OpenApiContract;
let photo: Buffer;
beforeAll(async () => {
  contract = await OpenApiContract.load();
  // A 1200x800 JPEG carrying EXIF metadata (camera make), to prove re-encoding strips it.
  photo = await sharp({
    create: { width: 1200, height: 800, channels: 3, background: { r: 200, g: 80, b: 20 } },
  })
    .jpeg()
    .withExif({ IFD0: { Make: 'SecretCam', Copyright: 'GPS 23.8103,90.4125' } })
    .toBuffer();
});

forEachDatabase(({ orm, db }) => {
  const server = useAccountServer(db);
  let token: string;
  beforeEach(async () => {
    await createAccount(orm().em.fork(), { email: 'nadia@example.com', role: 'Chef' });
    token = await loginToken(server.app, 'nadia@example.com');
  });

  const update = (payload: object, headers: Record<string, string> = {}) =>
    contract.inject(server.app, {
      method: 'PUT',
      url: '/api/accounts/profile/update/',
      payload,
      headers: { ...bearer(token), ...headers },
    });

  describe('GET /api/accounts/profile/', () => {
    it('answers the caller’s user record and empty profile', async () => {
      const response = await contract.inject(server.app, {
        method: 'GET',
        url: '/api/accounts/profile/',
        headers: bearer(token),
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        status: 'success',
        data: {
          email: 'nadia@example.com',
          firstName: expect.any(String),
          lastName: expect.any(String),
          handle: expect.stringMatching(/^[a-z0-9]+(-[a-z0-9]+)*$/),
          mobile: null,
          role: 'Chef',
          profile: { image: null, age: null, portfolio: null, sex: '', bio: '', facebook: null },
        },
      });
      expect(await server.caller(token).accounts.profile()).toEqual(response.json());
    });

    it('answers 401 without a token', async () => {
      const response = await contract.inject(server.app, {
        method: 'GET',
        url: '/api/accounts/profile/',
      });
      expect(response.statusCode).toBe(401);
    });
  });

  describe('PUT /api/accounts/profile/update/', () => {
    it('updates names, mobile and profile fields from JSON', async () => {
      const response = await update({
        firstName: 'Nadia',
        lastName: 'Rahman',
        mobile: '+8801711000000',
        profile: {
          age: 31,
          sex: 'Female',
          bio: 'Biryani every Friday.',
          portfolio: 'https://nadia-cooks.example.com',
          facebook: null,
        },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        status: 'success',
        message: 'Profile Updated Successfully!',
        data: {
          email: 'nadia@example.com',
          firstName: 'Nadia',
          lastName: 'Rahman',
          // The handle stays what registration made it when the name changes.
          handle: expect.stringMatching(/^first\d+-last\d+-\d+$/),
          mobile: '+8801711000000',
          role: 'Chef',
          profile: {
            image: null,
            age: 31,
            sex: 'Female',
            bio: 'Biryani every Friday.',
            portfolio: 'https://nadia-cooks.example.com',
            facebook: null,
          },
        },
      });
    });

    it('never changes the email or the role, whatever the body says', async () => {
      const response = await update({ email: 'evil@example.com', role: 'Admin', firstName: 'N' });
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toMatchObject({ email: 'nadia@example.com', role: 'Chef' });
      const user = await orm().em.fork().findOneOrFail(User, { email: 'nadia@example.com' });
      expect(user.role).toBe('Chef');
      const trpc = await server
        .caller(token)
        .accounts.updateProfile({ role: 'Admin', email: 'x@example.com' });
      expect(trpc.data).toMatchObject({ email: 'nadia@example.com', role: 'Chef' });
    });

    it('answers 400 with field errors for bad values', async () => {
      const response = await update({
        firstName: ' ',
        profile: { age: 3.5, sex: 'Robot', portfolio: 'javascript:alert(1)', facebook: 'ftp://x' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        status: 'failed',
        message: 'Profile Update Failed!',
        errors: {
          firstName: ['First Name is required'],
          'profile.age': ['Age must be a whole number.'],
          'profile.sex': ['Sex must be Male, Female, Other or empty.'],
          'profile.portfolio': ['Portfolio must be a link starting with http:// or https://.'],
          'profile.facebook': ['Facebook must be a link starting with http:// or https://.'],
        },
      });
      const trpc = (await server
        .caller(token)
        .accounts.updateProfile({ firstName: ' ' })
        .catch((e: unknown) => e)) as TRPCError;
      expect(trpc.code).toBe('BAD_REQUEST');
      expect(trpc.message).toBe('Profile Update Failed!');
    });

    it('keeps the password when it is blank', async () => {
      expect((await update({ password: '' })).statusCode).toBe(200);
      await expect(loginToken(server.app, 'nadia@example.com', PASSWORD)).resolves.toBeTruthy();
    });

    it('needs the current password to set a new one', async () => {
      const missing = await update({ password: 'a-brand-new-passphrase' });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().errors).toEqual({
        currentPassword: ['Enter your current password to set a new one.'],
      });
      const wrong = await update({
        password: 'a-brand-new-passphrase',
        currentPassword: 'not-my-password',
      });
      expect(wrong.json().errors).toEqual({ currentPassword: ['Current password is incorrect.'] });
      const short = await update({ password: 'short', currentPassword: PASSWORD });
      expect(short.json().errors).toEqual({
        password: ['Password must be at least 8 characters'],
      });
    });

    it('sets a new password with the current one and signs out the other sessions', async () => {
      const other = await loginToken(server.app, 'nadia@example.com');
      const response = await update({
        password: 'a-brand-new-passphrase',
        currentPassword: PASSWORD,
      });
      expect(response.statusCode).toBe(200);
      await expect(
        loginToken(server.app, 'nadia@example.com', 'a-brand-new-passphrase'),
      ).resolves.toBeTruthy();
      const stillMine = await server.app.inject({
        method: 'GET',
        url: '/api/accounts/profile/',
        headers: bearer(token),
      });
      expect(stillMine.statusCode).toBe(200);
      const otherSession = await server.app.inject({
        method: 'GET',
        url: '/api/accounts/profile/',
        headers: bearer(other),
      });
      expect(otherSession.statusCode).toBe(401);
    });

    it('accepts multipart with dotted profile fields and an image, re-encoded without metadata', async () => {
      const body = multipartForm(
        {
          firstName: 'Nadia',
          mobile: '',
          role: 'Admin',
          'profile.age': '31',
          'profile.sex': 'Female',
          'profile.bio': 'Home cook',
          'profile.portfolio': '',
        },
        { name: 'me.jpg', bytes: photo, type: 'image/jpeg' },
      );
      const response = await update(body.payload, body.headers);
      expect(response.statusCode).toBe(200);
      const data = response.json().data;
      expect(data).toMatchObject({
        firstName: 'Nadia',
        mobile: null,
        role: 'Chef',
        profile: { age: 31, sex: 'Female', bio: 'Home cook', portfolio: null },
      });
      expect(data.profile.image).toMatch(/^\/media\/profiles\/[a-f0-9]{32}\.webp$/);

      const served = await server.app.inject({ method: 'GET', url: data.profile.image });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(served.rawPayload).metadata();
      expect(meta.format).toBe('webp');
      expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBe(512);
      expect(meta.exif).toBeUndefined();
      expect(served.rawPayload.includes(Buffer.from('SecretCam'))).toBe(false);
    });

    it('replaces the old picture file when a new one is uploaded', async () => {
      const first = multipartForm({}, { name: 'a.jpg', bytes: photo, type: 'image/jpeg' });
      const oldImage = (await update(first.payload, first.headers)).json().data.profile
        .image as string;
      const png = await sharp(photo).png().toBuffer();
      const second = multipartForm({}, { name: 'b.png', bytes: png, type: 'image/png' });
      const newImage = (await update(second.payload, second.headers)).json().data.profile
        .image as string;
      expect(newImage).not.toBe(oldImage);
      const file = (p: string) => path.join(server.config.mediaDir, p.replace('/media/', ''));
      expect(existsSync(file(newImage))).toBe(true);
      expect(existsSync(file(oldImage))).toBe(false);
    });

    it('answers 400 for a file that is not an image, whatever it claims to be', async () => {
      const body = multipartForm(
        {},
        {
          name: 'evil.jpg',
          bytes: Buffer.from('<?php system($_GET["c"]); ?>'),
          type: 'image/jpeg',
        },
      );
      const response = await update(body.payload, body.headers);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        status: 'failed',
        message: 'Profile Update Failed!',
        errors: { 'profile.image': ['Upload a JPEG, PNG, WebP or GIF image.'] },
      });
    });

    it('answers 413 for an image larger than 5 MiB', async () => {
      const big = Buffer.concat([photo, Buffer.alloc(5 * 1024 * 1024)]);
      const body = multipartForm({}, { name: 'big.jpg', bytes: big, type: 'image/jpeg' });
      const response = await update(body.payload, body.headers);
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({
        status: 'failed',
        message: 'Profile Update Failed!',
        errors: { 'profile.image': ['The image must be at most 5 MB.'] },
      });
    });

    it('answers 400 for a multipart age that is not a whole number', async () => {
      const body = multipartForm({ 'profile.age': 'old' });
      const response = await update(body.payload, body.headers);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual({ 'profile.age': ['Age must be a whole number.'] });
    });
  });
});
