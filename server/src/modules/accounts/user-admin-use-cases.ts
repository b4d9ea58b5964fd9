import { roleUpdateInput, userEmailInput } from '@recipehub/openapi/schemas/accounts';
import { defineUseCase, NO_INPUT } from '../../auth/use-case.js';
import { parseInput } from '../../errors/field-errors.js';
import {
  GET_USER_ACCESS,
  LIST_USERS_ACCESS,
  UPDATE_USER_ROLE_ACCESS,
  getUser,
  listUsers,
  updateUserRole,
} from './user-admin.js';

/** The Admin's user calls (`accounts.users.*`), declared once over user-admin.ts. */

const ENVELOPE = 'account-envelope';

export const listUsersUseCase = defineUseCase({
  access: LIST_USERS_ACCESS,
  input: NO_INPUT,
  rest: {
    method: 'GET',
    path: '/api/accounts/profile/all/',
    read: () => undefined,
    errors: ENVELOPE,
  },
  trpc: { kind: 'query' },
  handle: (deps, admin) => listUsers(deps, admin),
});

export const getUserUseCase = defineUseCase({
  access: GET_USER_ACCESS,
  input: userEmailInput,
  rest: {
    method: 'GET',
    path: '/api/accounts/profile/:email/',
    read: (request) => parseInput(userEmailInput, request.params),
    errors: ENVELOPE,
  },
  trpc: { kind: 'query' },
  handle: (deps, admin, { email }) => getUser(deps, admin, email),
});

export const updateUserRoleUseCase = defineUseCase({
  access: UPDATE_USER_ROLE_ACCESS,
  input: userEmailInput.extend(roleUpdateInput.shape),
  rest: {
    method: 'PUT',
    path: '/api/accounts/profile/:email/update-role/',
    read: (request) => ({
      email: parseInput(userEmailInput, request.params).email,
      ...parseInput(roleUpdateInput, request.body),
    }),
    errors: ENVELOPE,
  },
  trpc: { kind: 'mutation' },
  handle: (deps, admin, { email, role, reason }) =>
    updateUserRole(deps, admin, email, { role, reason }),
});

/** As tRPC names them under `accounts.users`; REST takes each one's path. */
export const USER_ADMIN_USE_CASES = {
  list: listUsersUseCase,
  get: getUserUseCase,
  updateRole: updateUserRoleUseCase,
};
