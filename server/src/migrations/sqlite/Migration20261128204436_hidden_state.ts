import { Migration } from '@mikro-orm/migrations';

export class Migration20261128204436_hidden_state extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table \`report\` add column \`spent\` integer not null default false;`);

    this.addSql(`alter table \`recipe\` add column \`hidden_at\` datetime null;`);
    this.addSql(`alter table \`recipe\` add column \`hidden_reason\` text null;`);

    this.addSql(`alter table \`review\` add column \`hidden_at\` datetime null;`);
    this.addSql(`alter table \`review\` add column \`hidden_reason\` text null;`);

    this.addSql(`alter table \`comment\` add column \`hidden_at\` datetime null;`);
    this.addSql(`alter table \`comment\` add column \`hidden_reason\` text null;`);
  }

}
