import type { Plugin } from 'vite';

/**
 * What an endpoint keeps in the browser: where to send the request, what success reads, and for
 * an upload the form field of its file.
 */
const KEPT = new Set(['method', 'path', 'status', 'upload']);
/** The declarations cut: `endpoint({...})` and a file endpoint's `fileEndpoint({...})`. */
const DECLARATIONS = new Set(['endpoint', 'fileEndpoint']);

type Node = { type: string; start: number; end: number; [key: string]: unknown };

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';

const walk = (node: Node, visit: (node: Node) => void) => {
  visit(node);
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) value.filter(isNode).forEach((child) => walk(child, visit));
    else if (isNode(value)) walk(value, visit);
  }
};

/**
 * The web calls the API through the contract's endpoints but never runs their schemas (the
 * server validates): in the browser build each `endpoint({...})` and `fileEndpoint({...})` keeps
 * only its method, path and status (and an upload's field). The schemas then go unused and out
 * of the bundle, and zod with them wherever nothing else needs it, so the app's first download
 * does not build a few hundred schemas on start.
 */
export const endpointAddresses = (): Plugin => ({
  name: 'crm-endpoint-addresses',
  apply: 'build',
  enforce: 'post',
  transform: {
    filter: { id: /packages[\\/]contract[\\/]src[\\/][\w-]+\.endpoints\.ts$/ },
    handler(code) {
      const cuts: [number, number, string][] = [];
      walk(this.parse(code) as unknown as Node, (node) => {
        const callee = node.callee as Node | undefined;
        const [spec] = (node.arguments as Node[] | undefined) ?? [];
        if (
          node.type !== 'CallExpression' ||
          callee?.type !== 'Identifier' ||
          !DECLARATIONS.has(callee.name as string)
        )
          return;
        if (spec?.type !== 'ObjectExpression') throw new Error(`${callee.name}() takes an object literal`);
        for (const property of spec.properties as Node[]) {
          const key = property.key as Node | undefined;
          const name = key?.type === 'Identifier' ? (key.name as string) : undefined;
          if (property.type !== 'Property' || !name) throw new Error('endpoint(): plain properties only');
          if (!KEPT.has(name)) cuts.push([property.start, property.end, name]);
        }
      });
      if (cuts.length === 0) return null;
      let out = '';
      let at = 0;
      // A removed property's value becomes `undefined`, which keeps the commas valid.
      for (const [start, end, name] of cuts.sort((a, b) => a[0] - b[0])) {
        out += `${code.slice(at, start)}${name}: undefined`;
        at = end;
      }
      return { code: out + code.slice(at), map: null };
    },
  },
});
