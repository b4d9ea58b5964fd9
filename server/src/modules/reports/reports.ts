import { memberAccess } from '../../auth/access.js';
import { defineUseCase, fromBody } from '../../auth/use-case.js';
import { UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/core';
import type { ReportStatus, ReportTargetType } from '@recipehub/openapi/enums';
import {
  REPORT_DUPLICATE,
  REPORT_FAILED,
  REPORT_NOT_FOUND,
  REPORT_OWN,
  REPORT_RATE_LIMITED,
} from '@recipehub/openapi/messages';
import { reportInput, type ReportInput } from '@recipehub/openapi/schemas/reports';
import { selectRows } from '../../db/select-rows.js';
import { AppError } from '../../errors/app-error.js';
import { recipeAuthor } from '../recipes/data/recipe-lookups.js';
import type { ServiceDeps } from '../shared/service-deps.js';
import { notFound, toInt } from '../shared/sql.js';
import { Report } from './report.entity.js';
import type { Viewer } from '../../auth/viewer.js';
import { hiddenColumns, mayRead, type HiddenState } from '../recipes/data/visibility.js';
import { autoHideIfReported } from '../moderation/auto-hide.js';

export interface ReportCreatedData {
  id: number;
  status: ReportStatus;
}

/**
 * The comment's, review's or member's row: its id and whose it is, found by id (a member by
 * handle). Plain statements, not the other modules' entities: reports may name any module's
 * items. A recipe is read through the recipe data's own lookup (`recipeAuthor`).
 */
const TARGET_OWNER: Record<Exclude<ReportTargetType, 'recipe'>, string> = {
  comment: `select t.\`id\`, t.\`user_id\` as \`owner\`, ${hiddenColumns('t')} from \`comment\` t where t.\`id\` = ?`,
  review: `select t.\`id\`, t.\`user_id\` as \`owner\`, ${hiddenColumns('t')} from \`review\` t where t.\`id\` = ?`,
  user: 'select `id`, `id` as `owner` from `user` where `handle` = ?',
};

/** The item if the reporter may see it (visibility.ts: a hidden one is as unknown as none). */
async function findTarget(
  em: EntityManager,
  reporter: Viewer,
  input: ReportInput,
): Promise<{ id: number; owner: number | null } | null> {
  if (input.target_type === 'recipe') {
    const recipe = await recipeAuthor(em, input.target_id);
    if (!recipe || !mayRead(reporter, recipe, recipe.authorId)) return null;
    return { id: input.target_id, owner: recipe.authorId };
  }
  const [row] = await selectRows<HiddenState & { id: unknown; owner: unknown }>(
    em,
    TARGET_OWNER[input.target_type],
    [input.target_id],
  );
  if (!row) return null;
  const owner = row.owner === null ? null : toInt(row.owner);
  return mayRead(reporter, row, owner) ? { id: toInt(row.id), owner } : null;
}

/** The reported item's id, once it is known to exist and not to be the reporter's own. */
async function reportableTarget(
  em: EntityManager,
  reporter: Viewer,
  input: ReportInput,
): Promise<number> {
  const target = await findTarget(em, reporter, input);
  if (!target) throw notFound(REPORT_NOT_FOUND[input.target_type]);
  if (target.owner === reporter.userId) {
    const own = REPORT_OWN[input.target_type];
    throw new AppError('VALIDATION_FAILED', own, { target_id: [own] });
  }
  return target.id;
}

const duplicate = () => new AppError('CONFLICT', REPORT_DUPLICATE);

/** The per-member limit, said in the reports' own words with the limiter's Retry-After. */
async function countReport(deps: ServiceDeps, reporterId: number): Promise<void> {
  try {
    await deps.limiter.hit('report', { subject: String(reporterId) });
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'RATE_LIMITED') throw error;
    throw new AppError('RATE_LIMITED', REPORT_RATE_LIMITED, undefined, error.options);
  }
}

/**
 * Reports an item for moderators (issue 30): members only, one open report per member per item
 * (the unique index on the open mark decides between two at once), never one's own.
 */
export const createReport = defineUseCase({
  access: memberAccess(),
  input: reportInput,
  rest: {
    method: 'POST',
    path: '/api/reports/',
    status: 201,
    read: fromBody(reportInput, REPORT_FAILED),
  },
  trpc: { kind: 'mutation', validationMessage: REPORT_FAILED },
  async handle(deps, known, input): Promise<ReportCreatedData> {
    await countReport(deps, known.userId);
    return deps.orm.em.fork().transactional(async (em) => {
      const targetId = await reportableTarget(em, known, input);
      const open = { targetType: input.target_type, targetId, openMark: 1 };
      if ((await em.count(Report, { reporter: known.userId, ...open })) > 0) throw duplicate();
      try {
        const id = await em.insert(Report, {
          reporter: known.userId,
          ...open,
          reason: input.reason,
          details: input.details,
          status: 'open',
          createdAt: new Date(),
        });
        // Issue 30, item 3: the third member's report hides the item in this transaction.
        if (input.target_type !== 'user') {
          await autoHideIfReported(deps, em, input.target_type, targetId);
        }
        return { id: toInt(id), status: 'open' as const };
      } catch (error) {
        if (error instanceof UniqueConstraintViolationException) throw duplicate();
        throw error;
      }
    });
  },
});

/** The report calls, as tRPC names them (`reports.create`); REST takes each one's path. */
export const REPORT_USE_CASES = { create: createReport };
