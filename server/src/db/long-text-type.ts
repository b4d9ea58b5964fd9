import { TextType, type EntityProperty, type Platform } from '@mikro-orm/core';
import { MySqlPlatform } from '@mikro-orm/mysql';

/**
 * Text that may pass 65,535 bytes: MEDIUMTEXT (16 MiB) on MySQL/MariaDB, whose TEXT stops at
 * 65,535 bytes, fewer than the 20,000 characters a recipe's instructions may have when they are
 * emoji or other 4-byte characters (80,000 bytes: the insert failed, a 500). SQLite's TEXT has no
 * such limit and stays as it is.
 */
export class LongTextType extends TextType {
  override getColumnType(prop: EntityProperty, platform: Platform): string {
    return platform instanceof MySqlPlatform ? 'mediumtext' : super.getColumnType(prop, platform);
  }
}
