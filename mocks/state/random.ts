const ID_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

/** A small seeded PRNG (mulberry32): the seed and every id minted after it are the same on each reset. */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  int(minInclusive: number, maxInclusive: number): number {
    return minInclusive + Math.floor(this.next() * (maxInclusive - minInclusive + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error('pick() from an empty list');
    return item;
  }

  /** An opaque id such as `conv_4k9v2m7q1x8c3z`. */
  id(prefix: string): string {
    let suffix = '';
    for (let i = 0; i < 14; i += 1) suffix += ID_ALPHABET[Math.floor(this.next() * ID_ALPHABET.length)];
    return `${prefix}_${suffix}`;
  }
}
