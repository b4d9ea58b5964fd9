import { memberAccess } from '../../auth/access.js';
import { defineUseCase, fromQuery } from '../../auth/use-case.js';
import { UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/core';
import { BLOCK_NOT_FOUND, BLOCK_SELF } from '@recipehub/openapi/messages';
import { blockInput, blockListInput } from '@recipehub/openapi/schemas/blocks';
import { parseInput } from '../../errors/field-errors.js';
import { AppError } from '../../errors/app-error.js';
import { selectRows } from '../../db/select-rows.js';
import type { ServiceDeps } from '../shared/service-deps.js';
import { notFound, toInt, toIso, VALIDATION_DETAIL } from '../shared/sql.js';
import { MemberBlock } from './member-block.entity.js';

/** Blocks are listed 10 to a page, like the other lists. */
const BLOCKS_PER_PAGE = 10;

export interface BlockedMemberData {
  handle: string;
  firstName: string;
  lastName: string;
  blocked_on: string;
}

export interface BlockedMembersPageData {
  count: number;
  next: string | null;
  previous: string | null;
  results: BlockedMemberData[];
}

/** The member named by `handle`, never the caller: 404 when unknown, 400 for oneself. */
async function otherMember(em: EntityManager, callerId: number, handle: string): Promise<number> {
  const [row] = await selectRows<{ id: unknown }>(
    em,
    'select `id` from `user` where `handle` = ?',
    [handle],
  );
  if (!row) throw notFound(BLOCK_NOT_FOUND);
  const id = toInt(row.id);
  if (id === callerId)
    throw new AppError('VALIDATION_FAILED', BLOCK_SELF, { handle: [BLOCK_SELF] });
  return id;
}

// A path's handle, checked as the body's would be; paths and tRPC take the same schema.
const readHandle = (request: { params: Record<string, string | undefined> }) =>
  parseInput(blockInput, { handle: request.params.handle }, VALIDATION_DETAIL);

/** Blocks a member (issue 30 item 7); blocking twice is blocking once. */
export const blockMember = defineUseCase({
  access: memberAccess(['input', 'login']),
  input: blockInput,
  rest: { method: 'PUT', path: '/api/accounts/blocks/:handle/', status: 204, read: readHandle },
  trpc: { kind: 'mutation', validationMessage: VALIDATION_DETAIL },
  async handle(deps, known, { handle }) {
    const em = deps.orm.em.fork();
    const blocked = await otherMember(em, known.userId, handle);
    const pair = { blocker: known.userId, blocked };
    if ((await em.count(MemberBlock, pair)) > 0) return null;
    try {
      await em.insert(MemberBlock, { ...pair, createdAt: new Date() });
    } catch (error) {
      // The same block made by a request at the same moment: the answer is the same.
      if (!(error instanceof UniqueConstraintViolationException)) throw error;
    }
    return null;
  },
});

/** Unblocks a member; unblocking one who is not blocked changes nothing. */
export const unblockMember = defineUseCase({
  access: memberAccess(['input', 'login']),
  input: blockInput,
  rest: { method: 'DELETE', path: '/api/accounts/blocks/:handle/', status: 204, read: readHandle },
  trpc: { kind: 'mutation', validationMessage: VALIDATION_DETAIL },
  async handle(deps, known, { handle }) {
    const em = deps.orm.em.fork();
    const blocked = await otherMember(em, known.userId, handle);
    await em.nativeDelete(MemberBlock, { blocker: known.userId, blocked });
    return null;
  },
});

const pageUrl = (page: number) => `/api/accounts/blocks/?page=${page}`;

/** The members the caller blocks, newest block first, by handle and name (never email). */
export const listBlocks = defineUseCase({
  access: memberAccess(['input', 'login']),
  input: blockListInput,
  rest: {
    method: 'GET',
    path: '/api/accounts/blocks/',
    read: fromQuery(blockListInput, 'The request is not valid.'),
  },
  trpc: { kind: 'query' },
  handle: (deps, known, { page }) => readBlocks(deps, known.userId, page),
});

export async function readBlocks(
  deps: ServiceDeps,
  blockerId: number,
  page: number,
): Promise<BlockedMembersPageData> {
  const em = deps.orm.em.fork();
  const count = await em.count(MemberBlock, { blocker: blockerId });
  const rows = await selectRows<{
    handle: string;
    first_name: string;
    last_name: string;
    created_at: unknown;
  }>(
    em,
    'select u.`handle`, u.`first_name`, u.`last_name`, b.`created_at` from `member_block` b ' +
      'join `user` u on u.`id` = b.`blocked_id` where b.`blocker_id` = ? ' +
      'order by b.`created_at` desc, b.`id` desc limit ? offset ?',
    [blockerId, BLOCKS_PER_PAGE, (page - 1) * BLOCKS_PER_PAGE],
  );
  return {
    count,
    next: page * BLOCKS_PER_PAGE < count ? pageUrl(page + 1) : null,
    previous: page > 1 ? pageUrl(page - 1) : null,
    results: rows.map((row) => ({
      handle: row.handle,
      firstName: row.first_name,
      lastName: row.last_name,
      blocked_on: toIso(row.created_at),
    })),
  };
}

/** As tRPC names them under `accounts.blocks`; REST takes each one's path. */
export const BLOCK_USE_CASES = { list: listBlocks, block: blockMember, unblock: unblockMember };
