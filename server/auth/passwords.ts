import argon2 from "argon2";

/**
 * argon2id at the first of OWASP's equivalent minimums (46 MiB, 1 pass, 1 lane; the other is
 * 19 MiB with 2 passes): strong enough against offline guessing, cheap enough for two shared
 * cores to log dealers in without queueing. Issue #15: above glibc's 32 MiB ceiling for its
 * moving mmap threshold, each hash's memory is mapped and unmapped on its own. With 19 MiB, every
 * libuv thread that had hashed once kept its 19 MiB for good: 78 MiB of a four-thread pool, the
 * larger part of the server's resident memory at rest. Hashes made with the older parameters
 * still verify (argon2 reads them from the hash).
 */
const ARGON2_OPTIONS = {
  type: argon2.argon2id,
  memoryCost: 47_104,
  timeCost: 1,
  parallelism: 1,
} as const;

// The same password typed on a Mac and on Windows can differ in Unicode composition (é as one
// code point or as e + accent); hashing the NFC form makes both log in.
const normalized = (password: string): string => password.normalize("NFC");

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(normalized(password), ARGON2_OPTIONS);
}

/** False for a wrong password and for a hash that cannot be read (never throws on bad input). */
export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, normalized(password));
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same time as a real verification, so that a login for an unknown email cannot be
 * told apart from a wrong password by how long the answer takes.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword("dealdesk-timing-equalizer");
  await verifyPassword(await dummyHash, password);
  return false;
}
