import { fileURLToPath } from 'node:url';
import { createLogger, loadConfigFromFile } from 'vite';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));

describe('vite.config.ts', () => {
  // `npm start` builds the web app first: a newcomer's first screen must not open on warnings
  // (Vite warns of imports its coming native config loader would not follow).
  it('loads without a warning', async () => {
    const warnings: string[] = [];
    const logger = createLogger('warn');
    logger.warn = (message) => void warnings.push(message);
    logger.warnOnce = logger.warn;
    const loaded = await loadConfigFromFile(
      { command: 'build', mode: 'production' },
      `${root}vite.config.ts`,
      root,
      'warn',
      logger,
    );
    expect(loaded?.config.plugins?.length).toBeGreaterThan(0);
    expect(warnings).toEqual([]);
  });
});
