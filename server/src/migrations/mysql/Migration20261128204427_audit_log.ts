import { Migration } from '@mikro-orm/migrations';

/**
 * The append-only audit log (issue 30 item 6). Two triggers make the server itself refuse any
 * UPDATE or DELETE on `audit_entry` (SQLSTATE 45000), whoever sends it. TRUNCATE and DROP fire no
 * trigger: they need the DROP privilege, which the application's account should not hold on this
 * table in production. Creating triggers may need TRIGGER (and, with binary logging, SUPER or
 * log_bin_trust_function_creators), as in the fulltext_search migration.
 */
export class Migration20261128204427_audit_log extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table \`audit_entry\` (\`id\` int unsigned not null auto_increment primary key, \`actor_id\` int not null, \`actor_handle\` varchar(30) not null, \`action\` enum('role_change', 'recipe_delete', 'hide', 'restore', 'delete', 'dismiss', 'suspend', 'unsuspend', 'trust') not null, \`target_type\` enum('recipe', 'comment', 'review', 'user') not null, \`target_id\` varchar(64) not null, \`before\` text null, \`after\` text null, \`reason\` text null, \`created_at\` datetime(3) not null) default character set utf8mb4 engine = InnoDB;`);
    this.addSql(`alter table \`audit_entry\` add index \`audit_entry_created_index\`(\`created_at\`, \`id\`);`);
    this.addSql(`alter table \`audit_entry\` add index \`audit_entry_actor_index\`(\`actor_handle\`, \`created_at\`);`);
    this.addSql(`alter table \`audit_entry\` add index \`audit_entry_target_index\`(\`target_type\`, \`target_id\`, \`created_at\`);`);
    for (const [name, event] of [['no_update', 'update'], ['no_delete', 'delete']]) {
      this.addSql(
        `create trigger \`audit_entry_${name}\` before ${event} on \`audit_entry\` for each row ` +
          `signal sqlstate '45000' set message_text = 'The audit log is append-only.';`,
      );
    }
  }

  override async down(): Promise<void> {
    this.addSql('drop trigger if exists `audit_entry_no_delete`;');
    this.addSql('drop trigger if exists `audit_entry_no_update`;');
    this.addSql(`drop table if exists \`audit_entry\`;`);
  }

}
