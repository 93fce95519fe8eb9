// Writes the web app's two Inter files (apps/web/src/ui/fonts/) from the @fontsource-variable
// package: each @font-face of apps/web/src/ui/fonts.css names its file, its characters
// (unicode-range) and its weights (font-weight), and gets exactly those, with the layout
// features a browser applies by itself and the tabular figures the app asks for.
// Usage: `npm ci && npm run subset` in scripts/fonts (after updating @fontsource-variable/inter there).
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import subsetFont from 'subset-font';

const root = new URL('../..', import.meta.url).pathname;
const css = join(root, 'apps/web/src/ui/fonts.css');
const sources = join(
  dirname(createRequire(import.meta.url).resolve('@fontsource-variable/inter/package.json')),
  'files',
);

/** On by default in browsers, plus `tnum` (font-variant-numeric: tabular-nums in the app's CSS). */
const FEATURES = ['ccmp', 'locl', 'mark', 'mkmk', 'kern', 'liga', 'clig', 'calt', 'rlig', 'rvrn', 'tnum'];

/** 'U+0400-045F, U+2116' → every character of those ranges. */
const charactersOf = (range) =>
  range
    .split(',')
    .map((part) => part.trim().replace(/^U\+/i, ''))
    .flatMap((part) => {
      const [from, to = from] = part.split('-').map((hex) => parseInt(hex, 16));
      return Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i));
    })
    .join('');

for (const [, block] of readFileSync(css, 'utf8').matchAll(/@font-face\s*{([^}]*)}/g)) {
  const file = /url\('\.\/fonts\/(inter-([a-z-]+)-wght-(\d+)-(\d+)\.woff2)'\)/.exec(block);
  const range = /unicode-range:\s*([^;]+);/.exec(block)?.[1];
  if (!file || !range) throw new Error(`fonts.css: an @font-face without its file or range:\n${block}`);
  const [, name, subset, min, max] = file;
  const weights = /font-weight:\s*(\d+) (\d+);/.exec(block);
  if (weights?.[1] !== min || weights?.[2] !== max) throw new Error(`fonts.css: ${name} names other weights`);
  const source = readFileSync(join(sources, `inter-${subset}-wght-normal.woff2`));
  const font = await subsetFont(source, charactersOf(range), {
    targetFormat: 'woff2',
    keepFeatures: FEATURES,
    variationAxes: { wght: { min: Number(min), max: Number(max) } },
  });
  writeFileSync(join(dirname(css), 'fonts', name), font);
  console.log(`${name}: ${source.length} → ${font.length} bytes`);
}
