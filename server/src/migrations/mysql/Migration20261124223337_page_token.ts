import { Migration } from '@mikro-orm/migrations';

export class Migration20261124223337_page_token extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table \`session\` add \`page_token_hash\` varchar(64) null;`);
    this.addSql(`alter table \`session\` add unique \`session_page_token_hash_unique\`(\`page_token_hash\`);`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table \`session\` drop index \`session_page_token_hash_unique\`;`);
    this.addSql(`alter table \`session\` drop column \`page_token_hash\`;`);
  }

}
