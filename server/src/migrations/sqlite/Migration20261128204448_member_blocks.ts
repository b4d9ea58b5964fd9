import { Migration } from '@mikro-orm/migrations';

export class Migration20261128204448_member_blocks extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table \`member_block\` (\`id\` integer not null primary key autoincrement, \`blocker_id\` integer not null, \`blocked_id\` integer not null, \`created_at\` datetime not null, constraint \`member_block_blocker_id_foreign\` foreign key(\`blocker_id\`) references \`user\`(\`id\`) on delete cascade on update cascade, constraint \`member_block_blocked_id_foreign\` foreign key(\`blocked_id\`) references \`user\`(\`id\`) on delete cascade on update cascade);`);
    this.addSql(`create index \`member_block_blocker_id_index\` on \`member_block\` (\`blocker_id\`);`);
    this.addSql(`create index \`member_block_blocked_id_index\` on \`member_block\` (\`blocked_id\`);`);
    this.addSql(`create unique index \`member_block_pair_unique\` on \`member_block\` (\`blocker_id\`, \`blocked_id\`);`);
  }

}
