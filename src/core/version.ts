/** farsw's version (kept equal to package.json's by a test). */
export const FARSW_VERSION = '0.1.0';
