import { Migration } from '@mikro-orm/migrations';

export class Migration20261124040223_device_token extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table \`device_token\` (\`id\` integer not null primary key autoincrement, \`user_id\` integer not null, \`token_hash\` text not null, \`created_at\` datetime not null, \`expires_at\` datetime not null, constraint \`device_token_user_id_foreign\` foreign key(\`user_id\`) references \`user\`(\`id\`) on delete cascade on update cascade);`,
    );
    this.addSql(`create index \`device_token_user_id_index\` on \`device_token\` (\`user_id\`);`);
    this.addSql(
      `create unique index \`device_token_token_hash_unique\` on \`device_token\` (\`token_hash\`);`,
    );
  }
}
