import { Migration } from '@mikro-orm/migrations';

export class Migration20261128195953_reports extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table \`report\` (\`id\` int unsigned not null auto_increment primary key, \`reporter_id\` int unsigned not null, \`target_type\` enum('recipe', 'comment', 'review', 'user') not null, \`target_id\` int not null, \`reason\` enum('spam', 'offensive', 'harassment', 'unsafe', 'copyright', 'other') not null, \`details\` text null, \`status\` enum('open', 'actioned', 'dismissed') not null, \`open_mark\` int null, \`created_at\` datetime(3) not null) default character set utf8mb4 engine = InnoDB;`);
    this.addSql(`alter table \`report\` add index \`report_reporter_id_index\`(\`reporter_id\`);`);
    this.addSql(`alter table \`report\` add index \`report_target_index\`(\`target_type\`, \`target_id\`, \`status\`);`);
    this.addSql(`alter table \`report\` add unique \`report_one_open_per_reporter\`(\`reporter_id\`, \`target_type\`, \`target_id\`, \`open_mark\`);`);

    this.addSql(`alter table \`report\` add constraint \`report_reporter_id_foreign\` foreign key (\`reporter_id\`) references \`user\` (\`id\`) on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists \`report\`;`);
  }

}
