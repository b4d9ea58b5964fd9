import { Migration } from '@mikro-orm/migrations';

export class Migration20261124042031_mail_outbox extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table \`mail_request\` (\`id\` integer not null primary key autoincrement, \`purpose\` text check (\`purpose\` in ('verify-email', 'password-reset')) not null, \`email\` text not null, \`requested_at\` datetime not null);`,
    );

    this.addSql(
      `create table \`mail_outbox\` (\`id\` integer not null primary key autoincrement, \`purpose\` text not null, \`recipient\` text not null, \`subject\` text not null, \`body\` text not null, \`status\` text check (\`status\` in ('pending', 'sent', 'failed')) not null, \`attempts\` integer not null, \`created_at\` datetime not null, \`next_attempt_at\` datetime not null, \`locked_until\` datetime null, \`lock_token\` text null, \`last_error\` text null, \`sent_at\` datetime null);`,
    );
    this.addSql(
      `create index \`mail_outbox_status_next_attempt_index\` on \`mail_outbox\` (\`status\`, \`next_attempt_at\`);`,
    );
  }
}
