/** Types of compress-assets.mjs (the build script runs it as plain JavaScript). */
export function compressAssets(dir: string): { count: number; original: number; brotli: number };
