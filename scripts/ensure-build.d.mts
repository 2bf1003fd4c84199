/** Types of ensure-build.mjs (plain JavaScript, so `npm start` needs no TypeScript loader). */
export function ensureBuild(): void;
