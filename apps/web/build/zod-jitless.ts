import type { Plugin } from 'vite';

const ZOD_CORE = /[\\/]node_modules[\\/]zod[\\/]v4[\\/]core[\\/]core\.js$/;

/**
 * zod compiles an object schema's parser with `new Function` at its first parse, after probing
 * whether eval is allowed (`new Function('')`). The pages' CSP refuses eval, so in the browser
 * the probe only raised a CSP violation on every page (zod then parsed without compiling
 * anyway). The browser build starts zod jitless, with its documented switch
 * `z.config({ jitless: true })`, called at the end of zod's own core module: it holds before any
 * schema is built or parsed, whichever chunk brings zod, and the app's start need not load zod to
 * say it. The server keeps the compiled parsers.
 */
export const zodJitless = (): Plugin => {
  let configured = false;
  let building = false;
  return {
    name: 'crm-zod-jitless',
    configResolved(config) {
      building = config.command === 'build';
    },
    transform: {
      filter: { id: ZOD_CORE },
      handler(code, id) {
        if (!/^export function config\(/m.test(code)) {
          this.error(`${id} no longer defines config(): see apps/web/build/zod-jitless.ts`);
        }
        configured = true;
        return { code: `${code}\nconfig({ jitless: true });\n`, map: null, moduleSideEffects: true };
      },
    },
    buildEnd(error) {
      // zod's layout changed (or the build stopped importing it): the switch must not go missing quietly.
      if (building && !error && !configured) {
        this.error('zod/v4/core/core.js was not in the build: see apps/web/build/zod-jitless.ts');
      }
    },
  };
};
