import { Migration } from '@mikro-orm/migrations';

export class Migration20261124040224_device_token extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table \`device_token\` (\`id\` int unsigned not null auto_increment primary key, \`user_id\` int unsigned not null, \`token_hash\` varchar(64) not null, \`created_at\` datetime(3) not null, \`expires_at\` datetime(3) not null) default character set utf8mb4 engine = InnoDB;`,
    );
    this.addSql(
      `alter table \`device_token\` add index \`device_token_user_id_index\`(\`user_id\`);`,
    );
    this.addSql(
      `alter table \`device_token\` add unique \`device_token_token_hash_unique\`(\`token_hash\`);`,
    );

    this.addSql(
      `alter table \`device_token\` add constraint \`device_token_user_id_foreign\` foreign key (\`user_id\`) references \`user\` (\`id\`) on update cascade on delete cascade;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists \`device_token\`;`);
  }
}
