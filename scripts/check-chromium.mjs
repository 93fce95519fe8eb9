// The browser tests drive Debian's Chromium (Playwright cannot download browsers here).
import { existsSync } from 'node:fs';

const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(path)) {
  console.error(
    `Chromium was not found at ${path}. Install it with "apt-get install -y chromium" ` +
      '(or set CHROMIUM_PATH) and run the browser tests again.',
  );
  process.exit(1);
}
