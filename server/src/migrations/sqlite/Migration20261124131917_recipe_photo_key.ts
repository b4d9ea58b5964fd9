import { Migration } from '@mikro-orm/migrations';

export class Migration20261124131917_recipe_photo_key extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create unique index \`recipe_photo_key_unique\` on \`recipe\` (\`photo_key\`);`);
  }

}
