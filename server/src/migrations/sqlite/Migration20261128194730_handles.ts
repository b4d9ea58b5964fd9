import { Migration } from '@mikro-orm/migrations';
import { backfillHandles } from '../handle-backfill.js';

/**
 * Public handles (issue 30): the column is added with '' for the rows already there (SQLite adds
 * a NOT NULL column only with a default, and drops a default only by rebuilding the table, which
 * inside the migrations' one transaction would cascade the old table's drop: so the default stays,
 * and the entity tells the schema diff to ignore it), each member is given a handle, then the unique index is built.
 */
export class Migration20261128194730_handles extends Migration {

  override async up(): Promise<void> {
    await this.execute("alter table `user` add column `handle` text not null default '';");
    await backfillHandles((sql, params) => this.execute(sql, params));
    await this.execute('create unique index `user_handle_unique` on `user` (`handle`);');
  }

}
