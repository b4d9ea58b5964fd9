import { Migration } from '@mikro-orm/migrations';

export class Migration20261128204449_member_blocks extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table \`member_block\` (\`id\` int unsigned not null auto_increment primary key, \`blocker_id\` int unsigned not null, \`blocked_id\` int unsigned not null, \`created_at\` datetime(3) not null) default character set utf8mb4 engine = InnoDB;`);
    this.addSql(`alter table \`member_block\` add index \`member_block_blocker_id_index\`(\`blocker_id\`);`);
    this.addSql(`alter table \`member_block\` add index \`member_block_blocked_id_index\`(\`blocked_id\`);`);
    this.addSql(`alter table \`member_block\` add unique \`member_block_pair_unique\`(\`blocker_id\`, \`blocked_id\`);`);

    this.addSql(`alter table \`member_block\` add constraint \`member_block_blocker_id_foreign\` foreign key (\`blocker_id\`) references \`user\` (\`id\`) on update cascade on delete cascade;`);
    this.addSql(`alter table \`member_block\` add constraint \`member_block_blocked_id_foreign\` foreign key (\`blocked_id\`) references \`user\` (\`id\`) on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists \`member_block\`;`);
  }

}
