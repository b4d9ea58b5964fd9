import { Migration } from '@mikro-orm/migrations';

export class Migration20261124070700_servings_source_url extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table \`recipe\` add \`servings\` smallint null, add \`source_url\` varchar(2048) null;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`alter table \`recipe\` drop column \`servings\`, drop column \`source_url\`;`);
  }
}
