import { Migration } from '@mikro-orm/migrations';

export class Migration20261124102839_recipe_photos extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table \`photo_upload\` (\`key\` text not null, \`owner_id\` integer not null, \`width\` integer not null, \`height\` integer not null, \`placeholder\` text not null, \`created_at\` datetime not null, constraint \`photo_upload_owner_id_foreign\` foreign key(\`owner_id\`) references \`user\`(\`id\`) on delete cascade on update cascade, primary key (\`key\`));`);
    this.addSql(`create index \`photo_upload_owner_id_index\` on \`photo_upload\` (\`owner_id\`);`);
    this.addSql(`create index \`photo_upload_created_at_index\` on \`photo_upload\` (\`created_at\`);`);

    this.addSql(`alter table \`recipe\` add column \`photo_key\` text null;`);
    this.addSql(`alter table \`recipe\` add column \`photo_width\` integer null;`);
    this.addSql(`alter table \`recipe\` add column \`photo_height\` integer null;`);
    this.addSql(`alter table \`recipe\` add column \`photo_placeholder\` text null;`);
  }

}
