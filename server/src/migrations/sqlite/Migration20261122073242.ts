import { Migration } from '@mikro-orm/migrations';

export class Migration20261122073242 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table \`category\` (\`id\` integer not null primary key autoincrement, \`name\` text not null);`,
    );
    this.addSql(`create unique index \`category_name_unique\` on \`category\` (\`name\`);`);

    this.addSql(
      `create table \`contact_message\` (\`id\` integer not null primary key autoincrement, \`name\` text not null, \`email\` text not null, \`message\` text not null, \`created_at\` datetime not null);`,
    );
    this.addSql(
      `create index \`contact_message_created_at_index\` on \`contact_message\` (\`created_at\`);`,
    );

    this.addSql(
      `create table \`customer\` (\`id\` integer not null primary key autoincrement, \`name\` text not null, \`email\` text not null, \`mobile\` text not null);`,
    );

    this.addSql(
      `create table \`product\` (\`id\` integer not null primary key autoincrement, \`name\` text not null, \`price\` numeric(10,2) not null, \`image\` text null);`,
    );

    this.addSql(
      `create table \`send_throttle\` (\`id\` integer not null primary key autoincrement, \`key\` text not null, \`last_sent_at\` datetime not null);`,
    );
    this.addSql(`create unique index \`send_throttle_key_unique\` on \`send_throttle\` (\`key\`);`);

    this.addSql(
      `create table \`user\` (\`id\` integer not null primary key autoincrement, \`email\` text not null, \`first_name\` text not null, \`last_name\` text not null, \`mobile\` text null, \`password_hash\` text not null, \`role\` text check (\`role\` in ('Admin', 'Chef', 'User')) not null, \`email_verified_at\` datetime null, \`created_at\` datetime not null);`,
    );
    this.addSql(`create unique index \`user_email_unique\` on \`user\` (\`email\`);`);
    this.addSql(`create index \`user_role_index\` on \`user\` (\`role\`);`);
    this.addSql(`create index \`user_created_at_index\` on \`user\` (\`created_at\`);`);

    this.addSql(
      `create table \`session\` (\`id\` integer not null primary key autoincrement, \`user_id\` integer not null, \`token_hash\` text not null, \`kind\` text check (\`kind\` in ('login', 'password-reset')) not null, \`created_at\` datetime not null, \`expires_at\` datetime not null, \`last_used_at\` datetime not null, \`revoked_at\` datetime null, constraint \`session_user_id_foreign\` foreign key(\`user_id\`) references \`user\`(\`id\`) on delete cascade on update cascade);`,
    );
    this.addSql(`create index \`session_user_id_index\` on \`session\` (\`user_id\`);`);
    this.addSql(
      `create unique index \`session_token_hash_unique\` on \`session\` (\`token_hash\`);`,
    );

    this.addSql(
      `create table \`recipe\` (\`id\` integer not null primary key autoincrement, \`title\` text not null, \`img\` text null, \`ingredients\` text not null, \`instructions\` text not null, \`author_id\` integer null, \`created_at\` datetime not null, \`updated_at\` datetime not null, \`reaction_count\` integer not null default 0, \`save_count\` integer not null default 0, \`comment_count\` integer not null default 0, \`review_count\` integer not null default 0, \`rating_sum\` integer not null default 0, constraint \`recipe_author_id_foreign\` foreign key(\`author_id\`) references \`user\`(\`id\`) on delete set null on update cascade);`,
    );
    this.addSql(`create index \`recipe_author_id_index\` on \`recipe\` (\`author_id\`);`);
    this.addSql(
      `create index \`recipe_created_at_id_index\` on \`recipe\` (\`created_at\`, \`id\`);`,
    );
    this.addSql(
      `create index \`recipe_reaction_count_created_at_index\` on \`recipe\` (\`reaction_count\`, \`created_at\`);`,
    );
    this.addSql(
      `create index \`recipe_author_created_at_index\` on \`recipe\` (\`author_id\`, \`created_at\`);`,
    );

    this.addSql(
      `create table \`save\` (\`id\` integer not null primary key autoincrement, \`user_id\` integer not null, \`recipe_id\` integer not null, \`created_at\` datetime not null, constraint \`save_user_id_foreign\` foreign key(\`user_id\`) references \`user\`(\`id\`) on delete cascade on update cascade, constraint \`save_recipe_id_foreign\` foreign key(\`recipe_id\`) references \`recipe\`(\`id\`) on delete cascade on update cascade);`,
    );
    this.addSql(`create index \`save_user_id_index\` on \`save\` (\`user_id\`);`);
    this.addSql(`create index \`save_recipe_id_index\` on \`save\` (\`recipe_id\`);`);
    this.addSql(
      `create unique index \`save_user_recipe_unique\` on \`save\` (\`user_id\`, \`recipe_id\`);`,
    );

    this.addSql(
      `create table \`review\` (\`id\` integer not null primary key autoincrement, \`user_id\` integer not null, \`recipe_id\` integer not null, \`body\` text null, \`rating\` integer not null, \`created_at\` datetime not null, \`updated_at\` datetime not null, constraint \`review_user_id_foreign\` foreign key(\`user_id\`) references \`user\`(\`id\`) on delete cascade on update cascade, constraint \`review_recipe_id_foreign\` foreign key(\`recipe_id\`) references \`recipe\`(\`id\`) on delete cascade on update cascade, constraint review_rating_check check (rating >= 1 and rating <= 5));`,
    );
    this.addSql(`create index \`review_user_id_index\` on \`review\` (\`user_id\`);`);
    this.addSql(`create index \`review_recipe_id_index\` on \`review\` (\`recipe_id\`);`);
    this.addSql(
      `create index \`review_recipe_created_at_index\` on \`review\` (\`recipe_id\`, \`created_at\`);`,
    );
    this.addSql(
      `create unique index \`review_user_recipe_unique\` on \`review\` (\`user_id\`, \`recipe_id\`);`,
    );

    this.addSql(
      `create table \`recipe_category\` (\`recipe_id\` integer not null, \`category_id\` integer not null, constraint \`recipe_category_recipe_id_foreign\` foreign key(\`recipe_id\`) references \`recipe\`(\`id\`) on delete cascade on update cascade, constraint \`recipe_category_category_id_foreign\` foreign key(\`category_id\`) references \`category\`(\`id\`) on update cascade, primary key (\`recipe_id\`, \`category_id\`));`,
    );
    this.addSql(
      `create index \`recipe_category_recipe_id_index\` on \`recipe_category\` (\`recipe_id\`);`,
    );
    this.addSql(
      `create index \`recipe_category_category_id_index\` on \`recipe_category\` (\`category_id\`);`,
    );
    this.addSql(
      `create index \`recipe_category_category_recipe_index\` on \`recipe_category\` (\`category_id\`, \`recipe_id\`);`,
    );

    this.addSql(
      `create table \`reaction\` (\`id\` integer not null primary key autoincrement, \`user_id\` integer not null, \`recipe_id\` integer not null, \`type\` text check (\`type\` in ('LIKE', 'LOVE', 'WOW', 'SAD')) not null, \`created_at\` datetime not null, constraint \`reaction_user_id_foreign\` foreign key(\`user_id\`) references \`user\`(\`id\`) on delete cascade on update cascade, constraint \`reaction_recipe_id_foreign\` foreign key(\`recipe_id\`) references \`recipe\`(\`id\`) on delete cascade on update cascade);`,
    );
    this.addSql(`create index \`reaction_user_id_index\` on \`reaction\` (\`user_id\`);`);
    this.addSql(`create index \`reaction_recipe_id_index\` on \`reaction\` (\`recipe_id\`);`);
    this.addSql(
      `create index \`reaction_recipe_created_at_index\` on \`reaction\` (\`recipe_id\`, \`created_at\`);`,
    );
    this.addSql(
      `create unique index \`reaction_user_recipe_unique\` on \`reaction\` (\`user_id\`, \`recipe_id\`);`,
    );

    this.addSql(
      `create table \`profile\` (\`id\` integer not null primary key autoincrement, \`user_id\` integer not null, \`image\` text null, \`age\` integer null, \`portfolio\` text not null, \`sex\` text check (\`sex\` in ('', 'Male', 'Female', 'Other')) not null, \`bio\` text not null, \`facebook\` text not null, constraint \`profile_user_id_foreign\` foreign key(\`user_id\`) references \`user\`(\`id\`) on delete cascade on update cascade);`,
    );
    this.addSql(`create unique index \`profile_user_id_unique\` on \`profile\` (\`user_id\`);`);

    this.addSql(
      `create table \`one_time_code\` (\`id\` integer not null primary key autoincrement, \`user_id\` integer not null, \`code_hash\` text not null, \`purpose\` text check (\`purpose\` in ('password-reset')) not null, \`created_at\` datetime not null, \`expires_at\` datetime not null, \`attempts\` integer not null default 0, \`used_at\` datetime null, constraint \`one_time_code_user_id_foreign\` foreign key(\`user_id\`) references \`user\`(\`id\`) on delete cascade on update cascade);`,
    );
    this.addSql(`create index \`one_time_code_user_id_index\` on \`one_time_code\` (\`user_id\`);`);
    this.addSql(
      `create index \`one_time_code_user_purpose_index\` on \`one_time_code\` (\`user_id\`, \`purpose\`);`,
    );

    this.addSql(
      `create table \`email_verification\` (\`id\` integer not null primary key autoincrement, \`user_id\` integer not null, \`token_hash\` text not null, \`created_at\` datetime not null, \`expires_at\` datetime not null, \`used_at\` datetime null, constraint \`email_verification_user_id_foreign\` foreign key(\`user_id\`) references \`user\`(\`id\`) on delete cascade on update cascade);`,
    );
    this.addSql(
      `create index \`email_verification_user_id_index\` on \`email_verification\` (\`user_id\`);`,
    );
    this.addSql(
      `create unique index \`email_verification_token_hash_unique\` on \`email_verification\` (\`token_hash\`);`,
    );

    this.addSql(
      `create table \`comment\` (\`id\` integer not null primary key autoincrement, \`user_id\` integer not null, \`recipe_id\` integer not null, \`content\` text not null, \`created_at\` datetime not null, constraint \`comment_user_id_foreign\` foreign key(\`user_id\`) references \`user\`(\`id\`) on delete cascade on update cascade, constraint \`comment_recipe_id_foreign\` foreign key(\`recipe_id\`) references \`recipe\`(\`id\`) on delete cascade on update cascade);`,
    );
    this.addSql(`create index \`comment_user_id_index\` on \`comment\` (\`user_id\`);`);
    this.addSql(`create index \`comment_recipe_id_index\` on \`comment\` (\`recipe_id\`);`);
    this.addSql(
      `create index \`comment_recipe_created_at_index\` on \`comment\` (\`recipe_id\`, \`created_at\`);`,
    );
  }
}
