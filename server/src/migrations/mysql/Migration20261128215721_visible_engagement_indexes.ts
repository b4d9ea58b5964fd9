import { Migration } from '@mikro-orm/migrations';

export class Migration20261128215721_visible_engagement_indexes extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table \`review\` add index \`review_recipe_visible_rating_index\`(\`recipe_id\`, \`hidden_at\`, \`rating\`);`);

    this.addSql(`alter table \`comment\` add index \`comment_recipe_visible_index\`(\`recipe_id\`, \`hidden_at\`);`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table \`review\` drop index \`review_recipe_visible_rating_index\`;`);

    this.addSql(`alter table \`comment\` drop index \`comment_recipe_visible_index\`;`);
  }

}
