import { Migration } from '@mikro-orm/migrations';

export class Migration20261124223336_page_token extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table \`session\` add column \`page_token_hash\` text null;`);
    this.addSql(`create unique index \`session_page_token_hash_unique\` on \`session\` (\`page_token_hash\`);`);
  }

}
