import { Migration } from '@mikro-orm/migrations';

export class Migration20261124070700_servings_source_url extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table \`recipe\` add column \`servings\` integer null;`);
    this.addSql(`alter table \`recipe\` add column \`source_url\` text null;`);
  }
}
