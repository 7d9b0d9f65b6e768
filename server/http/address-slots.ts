/**
 * Requests in progress per client address, at most `max` each: one address cannot take every
 * slot of the server, however slowly its requests go. In memory: each server process counts its
 * own (with `WORKERS=N`, an address may have N × `max`).
 */
export class AddressSlots {
  readonly #counts = new Map<string, number>();

  constructor(readonly max: number) {}

  /**
   * Takes a slot of `address`: the function that gives it back (once, whatever the number of
   * calls), or null when the address has all of its slots already.
   */
  take(address: string): (() => void) | null {
    const taken = this.#counts.get(address) ?? 0;
    if (taken >= this.max) return null;
    this.#counts.set(address, taken + 1);
    let given = false;
    return () => {
      if (given) return;
      given = true;
      const left = (this.#counts.get(address) ?? 1) - 1;
      if (left > 0) this.#counts.set(address, left);
      else this.#counts.delete(address);
    };
  }

  /** Slots `address` holds now. */
  held(address: string): number {
    return this.#counts.get(address) ?? 0;
  }
}
