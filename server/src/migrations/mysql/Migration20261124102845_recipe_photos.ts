import { Migration } from '@mikro-orm/migrations';

export class Migration20261124102845_recipe_photos extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table \`photo_upload\` (\`key\` varchar(32) not null, \`owner_id\` int unsigned not null, \`width\` smallint not null, \`height\` smallint not null, \`placeholder\` varchar(64) not null, \`created_at\` datetime(3) not null, primary key (\`key\`)) default character set utf8mb4 engine = InnoDB;`);
    this.addSql(`alter table \`photo_upload\` add index \`photo_upload_owner_id_index\`(\`owner_id\`);`);
    this.addSql(`alter table \`photo_upload\` add index \`photo_upload_created_at_index\`(\`created_at\`);`);

    this.addSql(`alter table \`photo_upload\` add constraint \`photo_upload_owner_id_foreign\` foreign key (\`owner_id\`) references \`user\` (\`id\`) on update cascade on delete cascade;`);

    this.addSql(`alter table \`recipe\` add \`photo_key\` varchar(32) null, add \`photo_width\` smallint null, add \`photo_height\` smallint null, add \`photo_placeholder\` varchar(64) null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists \`photo_upload\`;`);

    this.addSql(`alter table \`recipe\` drop column \`photo_key\`, drop column \`photo_width\`, drop column \`photo_height\`, drop column \`photo_placeholder\`;`);
  }

}
