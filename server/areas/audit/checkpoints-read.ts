import { lineHash, parseCheckpoint, signatureHolds } from './checkpoints.ts';
import { exists, linesOf } from './checkpoints-file.ts';
import { fingerprintOf, publicKeyOf } from './checkpoints-key.ts';
import type { CheckpointPlaces } from './checkpoints-places.ts';
import { GENESIS } from './trail.ts';

/** A place of a chain as a checkpoint holds it: its hash, and the first line that holds it. */
export interface HeldPlace {
  hash: string;
  line: number;
  at: string;
}

/** What the checkpoints hold of each chain: customer → place → HeldPlace (each place once). */
export type CheckpointTips = Map<number, Map<number, HeldPlace>>;

export type CheckpointReading =
  /** No checkpoint was ever written here. */
  | { kind: 'none' }
  | { kind: 'read'; lines: number; fingerprint: string; tips: CheckpointTips }
  /** The file itself is not sound: the line (null: the folder) and why. */
  | { kind: 'broken'; line: number | null; why: string };

const broken = (line: number | null, why: string): CheckpointReading => ({ kind: 'broken', line, why });

/**
 * Reads the checkpoint file line by line (streamed) and checks it as a chain of its own: each
 * line is a checkpoint, follows the one before it (`prev`) and carries a signature the public key
 * beside it verifies. Answers every place the lines hold, for verify.ts to find in the database;
 * two lines holding one place with different hashes mean the chain was rewritten between them.
 */
export async function readCheckpoints(places: CheckpointPlaces): Promise<CheckpointReading> {
  let publicKey: Awaited<ReturnType<typeof publicKeyOf>>;
  try {
    publicKey = await publicKeyOf(places);
  } catch (error) {
    return broken(null, error instanceof Error ? error.message : String(error));
  }
  const tips: CheckpointTips = new Map();
  let before: string | null = null;
  let lines = 0;
  for await (const { number, text } of linesOf(places.file)) {
    lines = number;
    if (!publicKey)
      return broken(null, `there is no public key beside the checkpoints (${places.publicKeyFile})`);
    const checkpoint = parseCheckpoint(text);
    if (!checkpoint) return broken(number, 'it is not a checkpoint');
    if (checkpoint.prev !== (before === null ? GENESIS : lineHash(before)))
      return broken(
        number,
        before === null
          ? 'it is the first line but follows another (prev): the lines before it were removed'
          : 'it does not follow the line before it (prev): a line was removed, put in or changed there',
      );
    if (!signatureHolds(checkpoint, publicKey.key))
      return broken(number, 'its signature does not match: the line was changed, or signed by another key');
    for (const tip of checkpoint.chains) {
      const chain = tips.get(tip.cu_id) ?? new Map<number, HeldPlace>();
      tips.set(tip.cu_id, chain);
      const held = chain.get(tip.seq);
      if (!held) chain.set(tip.seq, { hash: tip.hash, line: number, at: checkpoint.at });
      else if (held.hash !== tip.hash)
        return broken(
          number,
          `it holds customer ${tip.cu_id}, place ${tip.seq} with another hash than line ${held.line}: ` +
            'the chain was rewritten between them',
        );
    }
    before = text;
  }
  if (lines > 0 && publicKey) return { kind: 'read', lines, fingerprint: fingerprintOf(publicKey.key), tips };
  // a key is made only to sign a line: a key without lines means the lines were removed
  if (publicKey)
    return broken(
      null,
      `${places.file} ${(await exists(places.file)) ? 'is empty' : 'is gone'}, but its public key is there: ` +
        'the checkpoints were removed',
    );
  return { kind: 'none' };
}

/** A broken checkpoint file in one line, as `npm run audit:verify` prints it. */
export function checkpointsBrokenLine(
  places: CheckpointPlaces,
  reading: { line: number | null; why: string },
) {
  const where = reading.line === null ? places.dir : `line ${reading.line} of ${places.file}`;
  return `audit checkpoints BROKEN at ${where}: ${reading.why}`;
}
