import { Migration } from '@mikro-orm/migrations';

export class Migration20261128215720_visible_engagement_indexes extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create index \`review_recipe_visible_rating_index\` on \`review\` (\`recipe_id\`, \`hidden_at\`, \`rating\`);`);

    this.addSql(`create index \`comment_recipe_visible_index\` on \`comment\` (\`recipe_id\`, \`hidden_at\`);`);
  }

}
