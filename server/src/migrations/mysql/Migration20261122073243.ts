import { Migration } from '@mikro-orm/migrations';

export class Migration20261122073243 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table \`category\` (\`id\` int unsigned not null auto_increment primary key, \`name\` varchar(100) not null) default character set utf8mb4 engine = InnoDB;`,
    );
    this.addSql(`alter table \`category\` add unique \`category_name_unique\`(\`name\`);`);

    this.addSql(
      `create table \`contact_message\` (\`id\` int unsigned not null auto_increment primary key, \`name\` varchar(150) not null, \`email\` varchar(254) not null, \`message\` text not null, \`created_at\` datetime(3) not null) default character set utf8mb4 engine = InnoDB;`,
    );
    this.addSql(
      `alter table \`contact_message\` add index \`contact_message_created_at_index\`(\`created_at\`);`,
    );

    this.addSql(
      `create table \`customer\` (\`id\` int unsigned not null auto_increment primary key, \`name\` varchar(150) not null, \`email\` varchar(254) not null, \`mobile\` varchar(32) not null) default character set utf8mb4 engine = InnoDB;`,
    );

    this.addSql(
      `create table \`product\` (\`id\` int unsigned not null auto_increment primary key, \`name\` varchar(150) not null, \`price\` numeric(10,2) not null, \`image\` varchar(2048) null) default character set utf8mb4 engine = InnoDB;`,
    );

    this.addSql(
      `create table \`send_throttle\` (\`id\` int unsigned not null auto_increment primary key, \`key\` varchar(255) not null, \`last_sent_at\` datetime(3) not null) default character set utf8mb4 engine = InnoDB;`,
    );
    this.addSql(`alter table \`send_throttle\` add unique \`send_throttle_key_unique\`(\`key\`);`);

    this.addSql(
      `create table \`user\` (\`id\` int unsigned not null auto_increment primary key, \`email\` varchar(254) not null, \`first_name\` varchar(150) not null, \`last_name\` varchar(150) not null, \`mobile\` varchar(32) null, \`password_hash\` varchar(255) not null, \`role\` enum('Admin', 'Chef', 'User') not null, \`email_verified_at\` datetime(3) null, \`created_at\` datetime(3) not null) default character set utf8mb4 engine = InnoDB;`,
    );
    this.addSql(`alter table \`user\` add unique \`user_email_unique\`(\`email\`);`);
    this.addSql(`alter table \`user\` add index \`user_role_index\`(\`role\`);`);
    this.addSql(`alter table \`user\` add index \`user_created_at_index\`(\`created_at\`);`);

    this.addSql(
      `create table \`session\` (\`id\` int unsigned not null auto_increment primary key, \`user_id\` int unsigned not null, \`token_hash\` varchar(64) not null, \`kind\` enum('login', 'password-reset') not null, \`created_at\` datetime(3) not null, \`expires_at\` datetime(3) not null, \`last_used_at\` datetime(3) not null, \`revoked_at\` datetime(3) null) default character set utf8mb4 engine = InnoDB;`,
    );
    this.addSql(`alter table \`session\` add index \`session_user_id_index\`(\`user_id\`);`);
    this.addSql(
      `alter table \`session\` add unique \`session_token_hash_unique\`(\`token_hash\`);`,
    );

    this.addSql(
      `create table \`recipe\` (\`id\` int unsigned not null auto_increment primary key, \`title\` varchar(255) not null, \`img\` varchar(2048) null, \`ingredients\` text not null, \`instructions\` text not null, \`author_id\` int unsigned null, \`created_at\` datetime(3) not null, \`updated_at\` datetime(3) not null, \`reaction_count\` int not null default 0, \`save_count\` int not null default 0, \`comment_count\` int not null default 0, \`review_count\` int not null default 0, \`rating_sum\` int not null default 0) default character set utf8mb4 engine = InnoDB;`,
    );
    this.addSql(`alter table \`recipe\` add index \`recipe_author_id_index\`(\`author_id\`);`);
    this.addSql(
      `alter table \`recipe\` add index \`recipe_created_at_id_index\`(\`created_at\`, \`id\`);`,
    );
    this.addSql(
      `alter table \`recipe\` add index \`recipe_reaction_count_created_at_index\`(\`reaction_count\`, \`created_at\`);`,
    );
    this.addSql(
      `alter table \`recipe\` add index \`recipe_author_created_at_index\`(\`author_id\`, \`created_at\`);`,
    );

    this.addSql(
      `create table \`save\` (\`id\` int unsigned not null auto_increment primary key, \`user_id\` int unsigned not null, \`recipe_id\` int unsigned not null, \`created_at\` datetime(3) not null) default character set utf8mb4 engine = InnoDB;`,
    );
    this.addSql(`alter table \`save\` add index \`save_user_id_index\`(\`user_id\`);`);
    this.addSql(`alter table \`save\` add index \`save_recipe_id_index\`(\`recipe_id\`);`);
    this.addSql(
      `alter table \`save\` add unique \`save_user_recipe_unique\`(\`user_id\`, \`recipe_id\`);`,
    );

    this.addSql(
      `create table \`review\` (\`id\` int unsigned not null auto_increment primary key, \`user_id\` int unsigned not null, \`recipe_id\` int unsigned not null, \`body\` text null, \`rating\` smallint not null, \`created_at\` datetime(3) not null, \`updated_at\` datetime(3) not null, constraint review_rating_check check (rating >= 1 and rating <= 5)) default character set utf8mb4 engine = InnoDB;`,
    );
    this.addSql(`alter table \`review\` add index \`review_user_id_index\`(\`user_id\`);`);
    this.addSql(`alter table \`review\` add index \`review_recipe_id_index\`(\`recipe_id\`);`);
    this.addSql(
      `alter table \`review\` add index \`review_recipe_created_at_index\`(\`recipe_id\`, \`created_at\`);`,
    );
    this.addSql(
      `alter table \`review\` add unique \`review_user_recipe_unique\`(\`user_id\`, \`recipe_id\`);`,
    );

    this.addSql(
      `create table \`recipe_category\` (\`recipe_id\` int unsigned not null, \`category_id\` int unsigned not null, primary key (\`recipe_id\`, \`category_id\`)) default character set utf8mb4 engine = InnoDB;`,
    );
    this.addSql(
      `alter table \`recipe_category\` add index \`recipe_category_recipe_id_index\`(\`recipe_id\`);`,
    );
    this.addSql(
      `alter table \`recipe_category\` add index \`recipe_category_category_id_index\`(\`category_id\`);`,
    );
    this.addSql(
      `alter table \`recipe_category\` add index \`recipe_category_category_recipe_index\`(\`category_id\`, \`recipe_id\`);`,
    );

    this.addSql(
      `create table \`reaction\` (\`id\` int unsigned not null auto_increment primary key, \`user_id\` int unsigned not null, \`recipe_id\` int unsigned not null, \`type\` enum('LIKE', 'LOVE', 'WOW', 'SAD') not null, \`created_at\` datetime(3) not null) default character set utf8mb4 engine = InnoDB;`,
    );
    this.addSql(`alter table \`reaction\` add index \`reaction_user_id_index\`(\`user_id\`);`);
    this.addSql(`alter table \`reaction\` add index \`reaction_recipe_id_index\`(\`recipe_id\`);`);
    this.addSql(
      `alter table \`reaction\` add index \`reaction_recipe_created_at_index\`(\`recipe_id\`, \`created_at\`);`,
    );
    this.addSql(
      `alter table \`reaction\` add unique \`reaction_user_recipe_unique\`(\`user_id\`, \`recipe_id\`);`,
    );

    this.addSql(
      `create table \`profile\` (\`id\` int unsigned not null auto_increment primary key, \`user_id\` int unsigned not null, \`image\` varchar(512) null, \`age\` int null, \`portfolio\` varchar(2048) not null, \`sex\` enum('', 'Male', 'Female', 'Other') not null, \`bio\` text not null, \`facebook\` varchar(2048) not null) default character set utf8mb4 engine = InnoDB;`,
    );
    this.addSql(`alter table \`profile\` add unique \`profile_user_id_unique\`(\`user_id\`);`);

    this.addSql(
      `create table \`one_time_code\` (\`id\` int unsigned not null auto_increment primary key, \`user_id\` int unsigned not null, \`code_hash\` varchar(255) not null, \`purpose\` enum('password-reset') not null, \`created_at\` datetime(3) not null, \`expires_at\` datetime(3) not null, \`attempts\` int not null default 0, \`used_at\` datetime(3) null) default character set utf8mb4 engine = InnoDB;`,
    );
    this.addSql(
      `alter table \`one_time_code\` add index \`one_time_code_user_id_index\`(\`user_id\`);`,
    );
    this.addSql(
      `alter table \`one_time_code\` add index \`one_time_code_user_purpose_index\`(\`user_id\`, \`purpose\`);`,
    );

    this.addSql(
      `create table \`email_verification\` (\`id\` int unsigned not null auto_increment primary key, \`user_id\` int unsigned not null, \`token_hash\` varchar(64) not null, \`created_at\` datetime(3) not null, \`expires_at\` datetime(3) not null, \`used_at\` datetime(3) null) default character set utf8mb4 engine = InnoDB;`,
    );
    this.addSql(
      `alter table \`email_verification\` add index \`email_verification_user_id_index\`(\`user_id\`);`,
    );
    this.addSql(
      `alter table \`email_verification\` add unique \`email_verification_token_hash_unique\`(\`token_hash\`);`,
    );

    this.addSql(
      `create table \`comment\` (\`id\` int unsigned not null auto_increment primary key, \`user_id\` int unsigned not null, \`recipe_id\` int unsigned not null, \`content\` text not null, \`created_at\` datetime(3) not null) default character set utf8mb4 engine = InnoDB;`,
    );
    this.addSql(`alter table \`comment\` add index \`comment_user_id_index\`(\`user_id\`);`);
    this.addSql(`alter table \`comment\` add index \`comment_recipe_id_index\`(\`recipe_id\`);`);
    this.addSql(
      `alter table \`comment\` add index \`comment_recipe_created_at_index\`(\`recipe_id\`, \`created_at\`);`,
    );

    this.addSql(
      `alter table \`session\` add constraint \`session_user_id_foreign\` foreign key (\`user_id\`) references \`user\` (\`id\`) on update cascade on delete cascade;`,
    );

    this.addSql(
      `alter table \`recipe\` add constraint \`recipe_author_id_foreign\` foreign key (\`author_id\`) references \`user\` (\`id\`) on update cascade on delete set null;`,
    );

    this.addSql(
      `alter table \`save\` add constraint \`save_user_id_foreign\` foreign key (\`user_id\`) references \`user\` (\`id\`) on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table \`save\` add constraint \`save_recipe_id_foreign\` foreign key (\`recipe_id\`) references \`recipe\` (\`id\`) on update cascade on delete cascade;`,
    );

    this.addSql(
      `alter table \`review\` add constraint \`review_user_id_foreign\` foreign key (\`user_id\`) references \`user\` (\`id\`) on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table \`review\` add constraint \`review_recipe_id_foreign\` foreign key (\`recipe_id\`) references \`recipe\` (\`id\`) on update cascade on delete cascade;`,
    );

    this.addSql(
      `alter table \`recipe_category\` add constraint \`recipe_category_recipe_id_foreign\` foreign key (\`recipe_id\`) references \`recipe\` (\`id\`) on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table \`recipe_category\` add constraint \`recipe_category_category_id_foreign\` foreign key (\`category_id\`) references \`category\` (\`id\`) on update cascade;`,
    );

    this.addSql(
      `alter table \`reaction\` add constraint \`reaction_user_id_foreign\` foreign key (\`user_id\`) references \`user\` (\`id\`) on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table \`reaction\` add constraint \`reaction_recipe_id_foreign\` foreign key (\`recipe_id\`) references \`recipe\` (\`id\`) on update cascade on delete cascade;`,
    );

    this.addSql(
      `alter table \`profile\` add constraint \`profile_user_id_foreign\` foreign key (\`user_id\`) references \`user\` (\`id\`) on update cascade on delete cascade;`,
    );

    this.addSql(
      `alter table \`one_time_code\` add constraint \`one_time_code_user_id_foreign\` foreign key (\`user_id\`) references \`user\` (\`id\`) on update cascade on delete cascade;`,
    );

    this.addSql(
      `alter table \`email_verification\` add constraint \`email_verification_user_id_foreign\` foreign key (\`user_id\`) references \`user\` (\`id\`) on update cascade on delete cascade;`,
    );

    this.addSql(
      `alter table \`comment\` add constraint \`comment_user_id_foreign\` foreign key (\`user_id\`) references \`user\` (\`id\`) on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table \`comment\` add constraint \`comment_recipe_id_foreign\` foreign key (\`recipe_id\`) references \`recipe\` (\`id\`) on update cascade on delete cascade;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(
      `alter table \`recipe_category\` drop foreign key \`recipe_category_category_id_foreign\`;`,
    );

    this.addSql(`alter table \`session\` drop foreign key \`session_user_id_foreign\`;`);

    this.addSql(`alter table \`recipe\` drop foreign key \`recipe_author_id_foreign\`;`);

    this.addSql(`alter table \`save\` drop foreign key \`save_user_id_foreign\`;`);

    this.addSql(`alter table \`review\` drop foreign key \`review_user_id_foreign\`;`);

    this.addSql(`alter table \`reaction\` drop foreign key \`reaction_user_id_foreign\`;`);

    this.addSql(`alter table \`profile\` drop foreign key \`profile_user_id_foreign\`;`);

    this.addSql(
      `alter table \`one_time_code\` drop foreign key \`one_time_code_user_id_foreign\`;`,
    );

    this.addSql(
      `alter table \`email_verification\` drop foreign key \`email_verification_user_id_foreign\`;`,
    );

    this.addSql(`alter table \`comment\` drop foreign key \`comment_user_id_foreign\`;`);

    this.addSql(`alter table \`save\` drop foreign key \`save_recipe_id_foreign\`;`);

    this.addSql(`alter table \`review\` drop foreign key \`review_recipe_id_foreign\`;`);

    this.addSql(
      `alter table \`recipe_category\` drop foreign key \`recipe_category_recipe_id_foreign\`;`,
    );

    this.addSql(`alter table \`reaction\` drop foreign key \`reaction_recipe_id_foreign\`;`);

    this.addSql(`alter table \`comment\` drop foreign key \`comment_recipe_id_foreign\`;`);

    this.addSql(`drop table if exists \`category\`;`);

    this.addSql(`drop table if exists \`contact_message\`;`);

    this.addSql(`drop table if exists \`customer\`;`);

    this.addSql(`drop table if exists \`product\`;`);

    this.addSql(`drop table if exists \`send_throttle\`;`);

    this.addSql(`drop table if exists \`user\`;`);

    this.addSql(`drop table if exists \`session\`;`);

    this.addSql(`drop table if exists \`recipe\`;`);

    this.addSql(`drop table if exists \`save\`;`);

    this.addSql(`drop table if exists \`review\`;`);

    this.addSql(`drop table if exists \`recipe_category\`;`);

    this.addSql(`drop table if exists \`reaction\`;`);

    this.addSql(`drop table if exists \`profile\`;`);

    this.addSql(`drop table if exists \`one_time_code\`;`);

    this.addSql(`drop table if exists \`email_verification\`;`);

    this.addSql(`drop table if exists \`comment\`;`);
  }
}
