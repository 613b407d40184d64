import { hash, verify } from "@node-rs/argon2";

// OWASP's argon2id baseline (19 MiB, 2 passes); runs off the event loop in a native thread.
const OPTIONS = { algorithm: 2 /* Argon2id */, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword({
  hash: stored,
  password,
}: {
  hash: string;
  password: string;
}): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false; // a malformed stored hash never signs anyone in
  }
}
