import type { z } from 'zod';
import { describe, expect, it } from 'vitest';
import * as contract from './index.js';
import type { EndpointSpec } from './endpoint.js';

type Node = z.ZodType & { _zod: { def: Record<string, unknown> & { type: string } } };

/** Every string schema a request's params, query or body reaches, with where it is. */
function stringsIn(
  schema: z.ZodType,
  where: string,
  found: Map<Node, string>,
  seen = new Set<unknown>(),
): void {
  const node = schema as Node;
  if (seen.has(node)) return;
  seen.add(node);
  const def = node._zod.def;
  const walk = (child: unknown, path: string): void => stringsIn(child as z.ZodType, path, found, seen);
  switch (def.type) {
    case 'string':
      found.set(node, where);
      return;
    case 'object':
      for (const [key, child] of Object.entries(def.shape as Record<string, unknown>))
        walk(child, `${where}.${key}`);
      return;
    case 'array':
      return walk(def.element, `${where}[]`);
    case 'union':
      return (def.options as unknown[]).forEach((option, i) => walk(option, `${where}|${i}`));
    case 'pipe':
      return walk(def.in, where);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      return walk(def.innerType, where);
    case 'record':
      return walk(def.valueType, `${where}{}`);
    case 'lazy':
      return walk((def.getter as () => unknown)(), where);
    default:
      return;
  }
}

const endpoints = Object.entries(contract)
  .filter(([name]) => name.endsWith('Endpoints'))
  .flatMap(([group, declared]) =>
    Object.entries(declared as Record<string, EndpointSpec>).map(([name, spec]) => ({
      name: `${group}.${name}`,
      spec,
    })),
  );

describe('text a person sends', () => {
  it('finds the endpoints', () => {
    expect(endpoints.length).toBeGreaterThan(80);
  });

  it('every text field and query value refuses NUL and other control characters, in Russian', () => {
    const found = new Map<Node, string>();
    for (const { name, spec } of endpoints) {
      for (const part of ['params', 'query', 'body'] as const) {
        const schema = spec[part];
        if (schema) stringsIn(schema, `${name} ${part}`, found);
      }
    }
    expect(found.size).toBeGreaterThan(50);
    const accepting: string[] = [];
    for (const [node, where] of found) {
      for (const sample of ['Иван\u0000Петров', 'a\u0007b', '\u001bx', 'x\u007f']) {
        if (node.safeParse(sample).success) accepting.push(`${where} ← ${JSON.stringify(sample)}`);
      }
    }
    expect(accepting).toEqual([]);
  });
});
