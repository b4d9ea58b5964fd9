import { Migration } from '@mikro-orm/migrations';

export class Migration20261124042041_mail_outbox extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table \`mail_request\` (\`id\` int unsigned not null auto_increment primary key, \`purpose\` enum('verify-email', 'password-reset') not null, \`email\` varchar(254) not null, \`requested_at\` datetime(3) not null) default character set utf8mb4 engine = InnoDB;`,
    );

    this.addSql(
      `create table \`mail_outbox\` (\`id\` int unsigned not null auto_increment primary key, \`purpose\` varchar(50) not null, \`recipient\` varchar(254) not null, \`subject\` varchar(255) not null, \`body\` text not null, \`status\` enum('pending', 'sent', 'failed') not null, \`attempts\` int not null, \`created_at\` datetime(3) not null, \`next_attempt_at\` datetime(3) not null, \`locked_until\` datetime(3) null, \`lock_token\` varchar(32) null, \`last_error\` varchar(500) null, \`sent_at\` datetime(3) null) default character set utf8mb4 engine = InnoDB;`,
    );
    this.addSql(
      `alter table \`mail_outbox\` add index \`mail_outbox_status_next_attempt_index\`(\`status\`, \`next_attempt_at\`);`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists \`mail_request\`;`);

    this.addSql(`drop table if exists \`mail_outbox\`;`);
  }
}
