import { Migration } from '@mikro-orm/migrations';

/**
 * The append-only audit log (issue 30 item 6). Two triggers make SQLite itself refuse any UPDATE
 * or DELETE on `audit_entry`, whoever sends it, so no bug or hand-written statement can rewrite
 * the history (MikroORM does not read triggers; the schema diff ignores them). Beware: a later
 * migration that makes MikroORM rebuild this table (SQLite's copy-and-rename) drops them and must
 * create them again; test/audit/audit-log.test.ts fails if they go missing.
 */
export class Migration20261128204427_audit_log extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table \`audit_entry\` (\`id\` integer not null primary key autoincrement, \`actor_id\` integer not null, \`actor_handle\` text not null, \`action\` text check (\`action\` in ('role_change', 'recipe_delete', 'hide', 'restore', 'delete', 'dismiss', 'suspend', 'unsuspend', 'trust')) not null, \`target_type\` text check (\`target_type\` in ('recipe', 'comment', 'review', 'user')) not null, \`target_id\` text not null, \`before\` text null, \`after\` text null, \`reason\` text null, \`created_at\` datetime not null);`);
    this.addSql(`create index \`audit_entry_created_index\` on \`audit_entry\` (\`created_at\`, \`id\`);`);
    this.addSql(`create index \`audit_entry_actor_index\` on \`audit_entry\` (\`actor_handle\`, \`created_at\`);`);
    this.addSql(`create index \`audit_entry_target_index\` on \`audit_entry\` (\`target_type\`, \`target_id\`, \`created_at\`);`);
    for (const [name, event] of [['no_update', 'update'], ['no_delete', 'delete']]) {
      this.addSql(
        `create trigger \`audit_entry_${name}\` before ${event} on \`audit_entry\` ` +
          `begin select raise(abort, 'The audit log is append-only.'); end;`,
      );
    }
  }

}
