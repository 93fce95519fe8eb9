import type { Plugin, Rolldown } from 'vite';
import { paths } from '../src/lib/paths.ts';
import { API_BASE, EARLY_GLOBAL } from '../src/lib/early-responses.ts';
import { STORAGE_KEYS } from '../src/lib/storage.ts';
import { SHELL_PAGES } from './chunk-groups.ts';
import { earlyRequests } from './early-requests.ts';

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;
type Files = { scripts: string[]; styles: string[] };

const chunkOf = (bundle: OutputBundle, page: string): OutputChunk => {
  const chunk = Object.values(bundle).find(
    (file): file is OutputChunk =>
      file.type === 'chunk' && (file.facadeModuleId ?? '').endsWith(`/src/${page}`),
  );
  if (!chunk) throw new Error(`signed-in preload: no chunk for src/${page}`);
  return chunk;
};

/** A chunk's files with every file it imports statically, the CSS they bring included. */
const filesOf = (bundle: OutputBundle, root: OutputChunk): Files => {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const visit = (chunk: OutputChunk) => {
    if (scripts.has(chunk.fileName)) return;
    scripts.add(chunk.fileName);
    chunk.viteMetadata?.importedCss.forEach((css) => styles.add(css));
    for (const name of chunk.imports) visit(bundle[name] as OutputChunk);
  };
  visit(root);
  return { scripts: [...scripts], styles: [...styles] };
};

const without = (files: Files, known: Files): Files => ({
  scripts: files.scripts.filter((f) => !known.scripts.includes(f)),
  styles: files.styles.filter((f) => !known.styles.includes(f)),
});

/**
 * The browser code: with a token in the storage (the visitor is signed in), the layout's files,
 * and on the start page that page's, are fetched beside the app's start instead of once the
 * start has run, and so are the app's first requests (early-requests.ts), which the API client
 * takes over (lib/api-client.ts). The server allows this one inline script by its hash.
 */
const preloadScript = (layout: Files, home: Files): string => {
  const keys = JSON.stringify([STORAGE_KEYS.accessToken, STORAGE_KEYS.token, STORAGE_KEYS.projectId]);
  return `(()=>{let t,p;try{const [s,l,j]=${keys};t=sessionStorage.getItem(s)||localStorage.getItem(l);p=localStorage.getItem(j)}catch{}
if(!t)return;const at=location.pathname;
const add=(f)=>{const k=document.createElement("link");if(f.endsWith(".css")){k.rel="preload";k.as="style"}else k.rel="modulepreload";k.crossOrigin="";k.href="/"+f;document.head.append(k)};
${JSON.stringify([...layout.scripts, ...layout.styles])}.forEach(add);
if(at===${JSON.stringify(paths.home)})${JSON.stringify([...home.scripts, ...home.styles])}.forEach(add);
const e=window.${EARLY_GLOBAL}={token:t,at:Date.now(),responses:{}};
for(const path of ${JSON.stringify(earlyRequests.session)}.concat(${JSON.stringify(earlyRequests.pages)}[at]||[])){
if(path.includes(":projectId")&&!/^[1-9]\\d*$/.test(p||""))continue;
const url=${JSON.stringify(API_BASE)}+path.replace(":projectId",p);
const r=fetch(url,{headers:{Accept:"application/json",Authorization:"Bearer "+t}});r.catch(()=>{});e.responses[url]=r}})()`;
};

/**
 * Over HTTP/1.1 on a phone, the signed-in shell fetched only after the app's start has run costs
 * a round trip and its download in sequence. index.html cannot name these files itself: the
 * sign-in pages it also serves (/registration, /recovery) must not download the shell.
 */
export const signedInPreload = (): Plugin => ({
  name: 'crm-signed-in-preload',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler: (html, { bundle, chunk, filename }) => {
      if (!bundle || !chunk || !filename.endsWith('index.html')) return html;
      const [layoutPage, homePage] = SHELL_PAGES.map((page) => chunkOf(bundle, page));
      const start = filesOf(bundle, chunk);
      const layout = without(filesOf(bundle, layoutPage!), start);
      const home = without(filesOf(bundle, homePage!), {
        scripts: [...start.scripts, ...layout.scripts],
        styles: [...start.styles, ...layout.styles],
      });
      // Before the stylesheets: an inline script waits for the stylesheets above it to load.
      const at = html.indexOf('<link rel="stylesheet"');
      if (at < 0) throw new Error('signed-in preload: index.html has no stylesheet link');
      return `${html.slice(0, at)}<script>${preloadScript(layout, home)}</script>\n    ${html.slice(at)}`;
    },
  },
});
