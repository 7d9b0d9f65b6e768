import path from 'node:path';
import type { ServerConfig } from '../../config.ts';

/** Where the checkpoints, their public key and the signing key are (checkpoints.ts). */
export interface CheckpointPlaces {
  /** The checkpoint folder (`AUDIT_CHECKPOINT_DIR`): for other storage, or a log shipper to follow. */
  dir: string;
  /** The checkpoints, one signed JSON line each, oldest first. */
  file: string;
  /** The public key (SPKI PEM) beside them: all a verifier needs, no secret. */
  publicKeyFile: string;
  /** The private key (PKCS #8 PEM, mode 0600): never in the database, never in the checkpoint folder. */
  keyFile: string;
}

/** The names inside the checkpoint folder. */
export const CHECKPOINT_FILE = 'checkpoints.jsonl';
export const PUBLIC_KEY_FILE = 'public-key.pem';
/** The private key's name when `AUDIT_SIGNING_KEY_FILE` is not set: in the folder's parent. */
export const SIGNING_KEY_FILE = 'audit-signing-key.pem';

/** The places of a folder (and a key file given apart, else the default one beside the folder). */
export function placesOf(dir: string, keyFile: string | null = null): CheckpointPlaces {
  return {
    dir,
    file: path.join(dir, CHECKPOINT_FILE),
    publicKeyFile: path.join(dir, PUBLIC_KEY_FILE),
    keyFile: keyFile ?? path.join(path.dirname(dir), SIGNING_KEY_FILE),
  };
}

/** The configured places; null when checkpoints are off (test mode without `AUDIT_CHECKPOINT_DIR`). */
export const checkpointPlaces = (config: ServerConfig): CheckpointPlaces | null =>
  config.auditCheckpointDir === null ? null : placesOf(config.auditCheckpointDir, config.auditSigningKeyFile);
