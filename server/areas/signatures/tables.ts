import type { Generated } from 'kysely';
import type { SignatureMeaning } from '../../../src/contract/signatures/schemas.ts';
import type { Timestamp } from '../../db/columns.ts';

/** An electronic signature (record.ts): never updated or deleted (the database refuses). */
export interface SignaturesTable {
  id: Generated<number>;
  cu_id: number;
  /** What was signed: `order`, `attachment` … and its id. */
  record_type: string;
  record_id: string;
  /** The record's version when signed, where it has one (an order's `version`). */
  record_version: number | null;
  uid: number;
  /** The signer's printed name at the time (Part 11 §11.50). */
  printed_name: string;
  meaning: SignatureMeaning;
  /** How the signer was identified again: `password` (later also a second factor, the identity provider). */
  method: string;
  /** SHA-256 (hex) of the record's canonical content as signed (content.ts). */
  content_hash: string;
  signed_at: Timestamp;
}

declare module '../../db/schema.ts' {
  interface Database {
    signatures: SignaturesTable;
  }
}
