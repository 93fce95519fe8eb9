import type { Plugin } from 'vite';

/** The FullCalendar v6 modules that carry a stylesheet as a string and inject it at load. */
const STYLED =
  /[\\/]node_modules[\\/]@fullcalendar[\\/](?:(core)[\\/]internal-common|(daygrid|timegrid)[\\/]internal)\.js$/;
const VIRTUAL = 'virtual:fullcalendar-styles/';

/**
 * Its icon font, a data: URL the pages' font-src 'self' refuses: left out, and the icons take the
 * text's font (the one shown, the day list's close, is a plain character in calendar-view.module.css).
 */
const ICON_FONT = /@font-face\{font-family:fcicons;[^}]*\}/;
const ICON_FONT_USE = /font-family:fcicons!important;?/;

/** Where a module hands its stylesheet to injectStyles, and where core adds its <style> element to a document. */
const STYLE_STRING = /^var css_248z = ("(?:[^"\\\n]|\\.)*");\ninjectStyles\(css_248z\);$/m;
const STYLE_ELEMENT = /^function registerStylesRoot\(rootNode\) \{\n[\s\S]*?\n\}$/m;

type Node = { type: string; value?: unknown };

/**
 * FullCalendar v6 ships its CSS inside its JavaScript and writes it into a `<style>` element at
 * run time; the pages' CSP (style-src 'self') refuses that element, and the calendar would lose
 * its layout. The build takes each stylesheet out of its module into a CSS module of its own, so
 * it is bundled with the calendar's chunk as a file from the app's origin, and the module no
 * longer creates the `<style>` element (FullCalendar v7 ships plain CSS files instead).
 */
export const fullCalendarStyles = (): Plugin => {
  const sheets = new Map<string, string>();
  return {
    name: 'crm-fullcalendar-styles',
    enforce: 'pre',
    resolveId: {
      filter: { id: new RegExp(`^${VIRTUAL}`) },
      handler: (id) => `\0${id}`,
    },
    load: {
      filter: { id: new RegExp(`^\\0${VIRTUAL}`) },
      handler: (id) => sheets.get(id.slice(1)) ?? null,
    },
    transform: {
      filter: { id: STYLED },
      handler(code, id) {
        const [, core, plugin] = STYLED.exec(id)!;
        const name = (core ?? plugin)!;
        const found = STYLE_STRING.exec(code);
        if (!found)
          this.error(`${id}: no injectStyles(css_248z) to take out (apps/web/build/fullcalendar-styles.ts)`);
        // The string literal as JavaScript reads it: parsed, not evaluated.
        const literal = (this.parse(`(${found[1]})`) as unknown as { body: { expression: Node }[] }).body[0]!
          .expression;
        if (typeof literal.value !== 'string') this.error(`${id}: css_248z is not a string literal`);
        let css = literal.value;
        if (name === 'core') {
          if (!ICON_FONT.test(css) || !ICON_FONT_USE.test(css))
            this.error(`${id}: FullCalendar's icon font was not found`);
          css = css.replace(ICON_FONT, '').replace(ICON_FONT_USE, '');
        }
        const sheet = `${VIRTUAL}${name}.css`;
        // In a layer of its own: under every rule of the app's whatever order the files arrive in
        // (the calendar's chunk comes after the page's CSS). Its <style> used to come first in the
        // head; the calendar's computed styles are the same as then, but for the day list's close.
        sheets.set(sheet, `@layer fullcalendar {\n${css}\n}\n`);
        let out = code.replace(STYLE_STRING, `import ${JSON.stringify(sheet)};`);
        if (name === 'core') {
          if (!STYLE_ELEMENT.test(out)) this.error(`${id}: no registerStylesRoot to turn off`);
          // Nothing left to inject: no empty <style data-fullcalendar> at load or with a calendar.
          out = out.replace(STYLE_ELEMENT, 'function registerStylesRoot(_rootNode) {}');
        }
        return { code: out, map: null };
      },
    },
  };
};
