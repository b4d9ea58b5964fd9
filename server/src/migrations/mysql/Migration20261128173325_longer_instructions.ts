import { Migration } from '@mikro-orm/migrations';

/**
 * Instructions as MEDIUMTEXT (db/long-text-type.ts): TEXT holds 65,535 bytes, and the 20,000
 * characters the contract allows are up to 80,000 (4-byte characters such as emoji).
 */
export class Migration20261128173325_longer_instructions extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table \`recipe\` modify \`instructions\` mediumtext not null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table \`recipe\` modify \`instructions\` text not null;`);
  }

}
