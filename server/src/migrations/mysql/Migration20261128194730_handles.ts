import { Migration } from '@mikro-orm/migrations';
import { backfillHandles } from '../handle-backfill.js';

/**
 * Public handles (issue 30): the column is added with '' for the rows already there, each is given
 * a handle, the default is dropped (SQLite keeps it: see its twin), then the unique index is built.
 */
export class Migration20261128194730_handles extends Migration {

  override async up(): Promise<void> {
    await this.execute("alter table `user` add `handle` varchar(30) not null default '';");
    await backfillHandles((sql, params) => this.execute(sql, params));
    await this.execute('alter table `user` alter `handle` drop default;');
    await this.execute('alter table `user` add unique `user_handle_unique`(`handle`);');
  }

  override async down(): Promise<void> {
    this.addSql('alter table `user` drop index `user_handle_unique`;');
    this.addSql('alter table `user` drop column `handle`;');
  }

}
