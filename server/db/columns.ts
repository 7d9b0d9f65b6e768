import type { ColumnType } from 'kysely';

/** Column types shared by the areas' table types (server/areas/<area>/tables.ts). */
export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** A timestamp with a database default (kysely's Generated<> cannot wrap a ColumnType). */
export type GeneratedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
export type Json<T> = ColumnType<T, string, string>;
