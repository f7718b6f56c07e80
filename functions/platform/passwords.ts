/** Password hashing with argon2id (19 MiB, 2 passes: the OWASP minimum), for every area that stores one. */
let argon2: Promise<typeof import('@node-rs/argon2')> | undefined;
const load = () => (argon2 ??= import('@node-rs/argon2'));

// Algorithm.Argon2id; the enum is ambient const, which isolated modules cannot read.
const ARGON2ID = 2;

const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 };

export async function hashPassword(password: string): Promise<string> {
  return (await load()).hash(password, OPTIONS);
}

export async function verifyPassword(stored: string | undefined, password: string): Promise<boolean> {
  const { hash, verify } = await load();
  if (!stored) {
    // Spend the same time as a real check, so timing does not tell which usernames exist.
    await hash(password, OPTIONS);
    return false;
  }
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}
