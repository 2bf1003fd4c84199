// Better Auth needs a unique slug per organisation; users only type a name. A random suffix keeps two
// "Acme" organisations from colliding.
const SUFFIX_ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";

export function randomSuffix(length = 6, random: () => number = Math.random): string {
  let out = "";
  for (let i = 0; i < length; i++) out += SUFFIX_ALPHABET[Math.floor(random() * SUFFIX_ALPHABET.length)];
  return out;
}

export function orgSlug(name: string, suffix: string = randomSuffix()): string {
  const base = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40)
    .replace(/-+$/g, "");
  return base ? `${base}-${suffix}` : `org-${suffix}`;
}
