import type { Orm } from '../../src/db/database.js';

type Row = Record<string, unknown>;

/**
 * Every way the trigger-kept list counts (the list_counts migrations) can disagree with the rows
 * they count, as readable lines: empty when the total, each recipe's category key, the category
 * sets and their members, the pivot's copies of created_at and every block's count and count of
 * older recipes are exact.
 * Brute force on purpose (reads every recipe and pivot row): for test databases.
 */
export async function listCountProblems(orm: Orm): Promise<string[]> {
  const connection = orm.em.getConnection();
  const rows = (sql: string) => connection.execute<Row[]>(sql, [], 'all');
  const problems: string[] = [];

  // Hidden recipes are out of the counts (the hidden_list_counts migrations); every recipe keeps
  // its category key.
  const everyRecipe = await rows('select `id`, `category_key`, `hidden_at` from `recipe`');
  const recipes = everyRecipe.filter((recipe) => recipe.hidden_at === null);
  const [total] = await rows('select `recipe_count` from `recipe_total` where `id` = 1');
  if (Number(total?.recipe_count ?? 0) !== recipes.length) {
    problems.push(`recipe_total ${String(total?.recipe_count)} for ${recipes.length} recipes`);
  }

  const categoriesOf = new Map<number, number[]>();
  for (const row of await rows('select `recipe_id`, `category_id` from `recipe_category`')) {
    const id = Number(row.recipe_id);
    categoriesOf.set(id, [...(categoriesOf.get(id) ?? []), Number(row.category_id)]);
  }
  const expectedSets = new Map<string, number>();
  const expectedMembers = new Set<string>();
  for (const recipe of everyRecipe) {
    const ids = (categoriesOf.get(Number(recipe.id)) ?? []).sort((a, b) => a - b);
    const key = ids.join(',');
    const stored = (recipe.category_key as string | null) ?? '';
    if (stored !== key)
      problems.push(`recipe ${String(recipe.id)} has key '${stored}', not '${key}'`);
    if (recipe.hidden_at !== null) continue;
    expectedSets.set(key, (expectedSets.get(key) ?? 0) + 1);
    for (const id of ids) expectedMembers.add(`${id} in '${key}'`);
  }
  const sets = await rows('select `category_key`, `recipe_count` from `category_set`');
  const actualSets = new Map(
    sets.map((row) => [String(row.category_key), Number(row.recipe_count)]),
  );
  for (const key of new Set([...expectedSets.keys(), ...actualSets.keys()])) {
    if (expectedSets.get(key) !== actualSets.get(key)) {
      problems.push(`set '${key}': ${actualSets.get(key)} counted, ${expectedSets.get(key)} real`);
    }
  }
  const members = new Set(
    (await rows('select `category_id`, `category_key` from `category_set_member`')).map(
      (row) => `${String(row.category_id)} in '${String(row.category_key)}'`,
    ),
  );
  for (const member of new Set([...expectedMembers, ...members])) {
    if (expectedMembers.has(member) !== members.has(member)) {
      problems.push(`member ${member}: ${members.has(member) ? 'stored' : 'missing'}`);
    }
  }

  const [stale] = await rows(
    'select count(*) as `n` from `recipe_category` rc join `recipe` r on r.`id` = rc.`recipe_id` ' +
      'where (r.`hidden_at` is null and (rc.`created_at` is null or rc.`created_at` <> r.`created_at`)) ' +
      'or (r.`hidden_at` is not null and rc.`created_at` is not null)',
  );
  if (Number(stale?.n) !== 0)
    problems.push(`${String(stale?.n)} pivot rows with a stale created_at`);

  // Each block's recipes: from its start up to the next block's start.
  const blocks = await rows(
    'select b.`recipe_count`, b.`recipes_before`, ' +
      '(select count(*) from `recipe` r where r.`hidden_at` is null and ' +
      '(r.`created_at` > b.`start_created_at` or (r.`created_at` = b.`start_created_at` and r.`id` >= b.`start_id`)) ' +
      'and (b.`next_created_at` is null or r.`created_at` < b.`next_created_at` ' +
      'or (r.`created_at` = b.`next_created_at` and r.`id` < b.`next_id`))) as `real` ' +
      'from (select `start_created_at`, `start_id`, `recipe_count`, `recipes_before`, ' +
      'lead(`start_created_at`) over (order by `start_created_at`, `start_id`) as `next_created_at`, ' +
      'lead(`start_id`) over (order by `start_created_at`, `start_id`) as `next_id` ' +
      'from `recipe_list_block`) b order by b.`start_created_at`, b.`start_id`',
  );
  let inBlocks = 0;
  for (const [index, block] of blocks.entries()) {
    if (Number(block.recipes_before) !== inBlocks) {
      problems.push(
        `block ${index}: ${String(block.recipes_before)} recipes before it counted, ${inBlocks} real`,
      );
    }
    inBlocks += Number(block.real);
    if (Number(block.recipe_count) !== Number(block.real)) {
      problems.push(
        `block ${index}: ${String(block.recipe_count)} counted, ${String(block.real)} real`,
      );
    }
  }
  if (inBlocks !== recipes.length) {
    problems.push(`${recipes.length - inBlocks} recipes below the oldest block`);
  }
  return problems;
}
