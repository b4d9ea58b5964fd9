import { Migration } from '@mikro-orm/migrations';

export class Migration20261124131921_recipe_photo_key extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table \`recipe\` add unique \`recipe_photo_key_unique\`(\`photo_key\`);`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table \`recipe\` drop index \`recipe_photo_key_unique\`;`);
  }

}
