import { Migration } from '@mikro-orm/migrations';

export class Migration20261128195953_reports extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table \`report\` (\`id\` integer not null primary key autoincrement, \`reporter_id\` integer not null, \`target_type\` text check (\`target_type\` in ('recipe', 'comment', 'review', 'user')) not null, \`target_id\` integer not null, \`reason\` text check (\`reason\` in ('spam', 'offensive', 'harassment', 'unsafe', 'copyright', 'other')) not null, \`details\` text null, \`status\` text check (\`status\` in ('open', 'actioned', 'dismissed')) not null, \`open_mark\` integer null, \`created_at\` datetime not null, constraint \`report_reporter_id_foreign\` foreign key(\`reporter_id\`) references \`user\`(\`id\`) on delete cascade on update cascade);`);
    this.addSql(`create index \`report_reporter_id_index\` on \`report\` (\`reporter_id\`);`);
    this.addSql(`create index \`report_target_index\` on \`report\` (\`target_type\`, \`target_id\`, \`status\`);`);
    this.addSql(`create unique index \`report_one_open_per_reporter\` on \`report\` (\`reporter_id\`, \`target_type\`, \`target_id\`, \`open_mark\`);`);
  }

}
