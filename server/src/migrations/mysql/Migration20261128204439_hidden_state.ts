import { Migration } from '@mikro-orm/migrations';

export class Migration20261128204439_hidden_state extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table \`report\` add \`spent\` tinyint(1) not null default false;`);

    this.addSql(`alter table \`recipe\` add \`hidden_at\` datetime(3) null, add \`hidden_reason\` varchar(500) null;`);

    this.addSql(`alter table \`review\` add \`hidden_at\` datetime(3) null, add \`hidden_reason\` varchar(500) null;`);

    this.addSql(`alter table \`comment\` add \`hidden_at\` datetime(3) null, add \`hidden_reason\` varchar(500) null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table \`recipe\` drop column \`hidden_at\`, drop column \`hidden_reason\`;`);

    this.addSql(`alter table \`review\` drop column \`hidden_at\`, drop column \`hidden_reason\`;`);

    this.addSql(`alter table \`comment\` drop column \`hidden_at\`, drop column \`hidden_reason\`;`);

    this.addSql(`alter table \`report\` drop column \`spent\`;`);
  }

}
