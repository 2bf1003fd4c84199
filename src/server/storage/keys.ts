// Object keys are paths of safe segments: letters, digits, ".", "_" and "-", never "." or "..". Both
// stores refuse anything else, so a key can never climb out of its folder on disk.
const SEGMENT = /^[A-Za-z0-9._-]{1,255}$/;

export function isValidKey(key: string): boolean {
  if (key.length === 0 || key.length > 1024) return false;
  return key.split("/").every((s) => SEGMENT.test(s) && s !== "." && s !== "..");
}

export function assertValidKey(key: string): void {
  if (!isValidKey(key)) throw new Error(`Invalid object key: ${JSON.stringify(key.slice(0, 100))}`);
}
