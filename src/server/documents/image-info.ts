// The format and pixel size of an image from its first bytes, so a picture can be fitted into its box
// without trusting the file's name or stored content type.
export type ImageFormat = "png" | "jpeg" | "gif";

export interface ImageInfo {
  format: ImageFormat;
  width: number;
  height: number;
}

const be16 = (b: Uint8Array, i: number) => (b[i]! << 8) | b[i + 1]!;
const be32 = (b: Uint8Array, i: number) => ((b[i]! << 24) >>> 0) + (b[i + 1]! << 16) + (b[i + 2]! << 8) + b[i + 3]!;

function jpegSize(b: Uint8Array): { width: number; height: number } | null {
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1]!;
    // SOF0..SOF15 except DHT (C4), JPG (C8) and DAC (CC) carry the frame size.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: be16(b, i + 5), width: be16(b, i + 7) };
    }
    i += 2 + be16(b, i + 2);
  }
  return null;
}

/** The image's format and size, or null when the bytes are not a PNG, JPEG or GIF. */
export function imageInfo(b: Uint8Array): ImageInfo | null {
  if (b.length >= 24 && be32(b, 0) === 0x89504e47 && be32(b, 12) === 0x49484452) {
    return { format: "png", width: be32(b, 16), height: be32(b, 20) };
  }
  if (b.length >= 4 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) {
    const size = jpegSize(b);
    return size && { format: "jpeg", ...size };
  }
  if (b.length >= 10 && String.fromCharCode(...b.subarray(0, 6)).match(/^GIF8[79]a$/)) {
    return { format: "gif", width: b[6]! | (b[7]! << 8), height: b[8]! | (b[9]! << 8) };
  }
  return null;
}

/** The largest box of the image's proportions that fits in `box`, centred in it. */
export function fitInto(
  info: { width: number; height: number },
  box: { x: number; y: number; w: number; h: number },
): { x: number; y: number; w: number; h: number } {
  const scale = Math.min(box.w / Math.max(1, info.width), box.h / Math.max(1, info.height));
  const w = info.width * scale;
  const h = info.height * scale;
  return { x: box.x + (box.w - w) / 2, y: box.y + (box.h - h) / 2, w, h };
}
