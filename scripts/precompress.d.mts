/** Writes .br and .gz beside each compressible file under `dir`; answers how many files. */
export function precompress(dir: string): number;
